import type { Crumb } from "../components/pest/breadcrumb"
import { pestPath } from "./paths"

/** Home > Services > the pest, with the menu's own labels. */
export function pestTrail(
  navigation: { main: ReadonlyArray<{ label: string; path: string }>; servicesMenu: { label: string; path: string } },
  pest: { slug: string; name: string },
): Crumb[] {
  const home = navigation.main.find((link) => link.path === "/")
  return [
    { label: home?.label ?? "Home", path: "/" },
    { label: navigation.servicesMenu.label, path: navigation.servicesMenu.path },
    { label: pest.name, path: pestPath(pest.slug) },
  ]
}
