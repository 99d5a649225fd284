import type { Route, SiteRoutes } from "./paths"

/** Home > Services > the pest, with the labels of data/navigation.yaml. */
export function pestTrail(
  navigation: { routes: SiteRoutes; servicesMenu: { label: string; path: string } },
  pest: { name: string; route: string },
): Route[] {
  return [
    navigation.routes.home,
    { label: navigation.servicesMenu.label, path: navigation.servicesMenu.path },
    { label: pest.name, path: pest.route },
  ]
}
