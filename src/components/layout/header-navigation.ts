import type { SiteRoutes } from "../../lib/paths"

/** The menus and labels of data/navigation.yaml the header and its mobile menu show; apart, so neither imports the other for it. */
export interface HeaderNavigation {
  readonly main: ReadonlyArray<{ readonly label: string; readonly path: string }>
  readonly servicesMenu: { readonly label: string; readonly path: string; readonly allLabel: string }
  readonly routes: SiteRoutes
  readonly estimateCta: { readonly label: string; readonly mobileLabel: string }
  readonly callCta: { readonly label: string }
  readonly mobileTagline: string
  readonly labels: {
    readonly call: string
    readonly openMenu: string
    readonly closeMenu: string
    readonly menu: string
    readonly hours: string
    readonly skipToContent: string
  }
}
