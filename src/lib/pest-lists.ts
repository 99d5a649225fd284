/**
 * The lists of pests derived from data/pests/*.yaml: each pest file says
 * where it is listed (menu.services, menu.footer, estimate.position), so
 * adding a pest is one file. The site, the build checks and the backend's
 * generated copy all take their lists from here.
 */
type Position = number | null | undefined

export interface ListedPest {
  readonly slug: string
  readonly name: string
  readonly menu?: { readonly services?: Position; readonly footer?: Position } | null
  readonly estimate?: {
    readonly position?: Position
    readonly label?: string | null
    readonly specialTreatment?: boolean | null
  } | null
}

/** Pests with a position in a list, lowest first; equal positions go by name. */
const listedBy =
  (position: (pest: ListedPest) => Position) =>
  <P extends ListedPest>(pests: readonly P[]): P[] =>
    pests
      .filter((pest) => typeof position(pest) === "number")
      .sort((a, b) => (position(a) ?? 0) - (position(b) ?? 0) || a.name.localeCompare(b.name))

/** The /services grid and the header's Services dropdown, in `menu.services` order. */
export const servicesMenuPests = listedBy((pest) => pest.menu?.services)

/** The footer's Services column, in `menu.footer` order. */
export const footerPests = listedBy((pest) => pest.menu?.footer)

type EstimatePest = Pick<ListedPest, "name" | "estimate">

/** The estimate wizard's label of a pest: `estimate.label`, or its name. */
export const estimateLabel = (pest: EstimatePest) => pest.estimate?.label ?? pest.name

/** Every pest is an estimate choice: those with a position first, in order, then the rest by name. */
export function estimatePestOptions(pests: readonly EstimatePest[]): {
  pests: string[]
  specialTreatmentPests: string[]
} {
  const rank = (pest: EstimatePest) => pest.estimate?.position ?? Number.POSITIVE_INFINITY
  const ordered = [...pests].sort((a, b) => rank(a) - rank(b) || estimateLabel(a).localeCompare(estimateLabel(b)))
  return {
    pests: ordered.map(estimateLabel),
    specialTreatmentPests: ordered.filter((pest) => pest.estimate?.specialTreatment === true).map(estimateLabel),
  }
}

/**
 * The wizard's pest choices in a page's language: the values it sends stay the English labels (what the functions
 * know, whatever the page's language), each shown with its label in the page's language, matched by page key.
 */
export function estimatePestChoices<P extends EstimatePest & { readonly pageKey: string }>(
  local: readonly P[],
  english: readonly P[],
): { pests: string[]; specialTreatmentPests: string[]; pestLabels: Record<string, string> } {
  const shown = new Map(local.map((pest) => [pest.pageKey, estimateLabel(pest)]))
  return {
    ...estimatePestOptions(english),
    pestLabels: Object.fromEntries(
      english.map((pest) => [estimateLabel(pest), shown.get(pest.pageKey) ?? estimateLabel(pest)]),
    ),
  }
}
