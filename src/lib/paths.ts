/** Routes are written without a trailing slash in data; the site serves them with one. */
export const withTrailingSlash = (route: string) => (route.endsWith("/") ? route : `${route}/`)

export interface Route {
  readonly label: string
  readonly path: string
}
/** The pages buttons and breadcrumbs link to by their role (data/navigation.yaml, routes:). */
export interface SiteRoutes {
  readonly home: Route
  readonly plans: Route
  readonly contact: Route
  readonly estimate: Route
}
