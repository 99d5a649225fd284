import { pestPath, type Route, type SiteRoutes } from "./paths"

/** Home > Services > the pest, with the labels of data/navigation.yaml. */
export function pestTrail(
  navigation: { routes: SiteRoutes; servicesMenu: { label: string; path: string } },
  pest: { slug: string; name: string },
): Route[] {
  return [
    navigation.routes.home,
    { label: navigation.servicesMenu.label, path: navigation.servicesMenu.path },
    { label: pest.name, path: pestPath(pest.slug) },
  ]
}
