/**
 * Which offer and which plan a stored request names, as the office's figures group them: by the offer's key
 * and the plan's id, under its English name (the office's language). A lead stores the offer's name in the
 * visitor's language, so one offer is read back from any name its forms store (kernel/site-data.generated.ts
 * OFFERS, made from data/offers/ and data/scarsdale-offer.yaml), whatever the letter case or spacing: a
 * sentence-case rewording of a name still finds its offer. A name no offer has (an offer since removed or
 * renamed) stays a line of its own, never dropped.
 */
import { ESTIMATE_OPTIONS, OFFERS } from "../kernel/site-data.generated.ts"

/** An offer or a plan as the figures show it: what it is grouped by, and its name. */
export interface Grouped {
  key: string
  name: string
}

const comparable = (name: string) => name.normalize("NFC").replace(/\s+/g, " ").trim().toLocaleLowerCase("en-US")

const OFFER_BY_NAME: ReadonlyMap<string, Grouped> = new Map(
  OFFERS.flatMap(({ key, name, names }) => names.map((stored) => [comparable(stored), { key, name }] as const)),
)

/** The offer a stored name is of; an unknown name is grouped by itself. Null: the request names none. */
export function offerOf(stored: string | null): Grouped | null {
  const name = stored?.trim()
  if (!name) return null
  return OFFER_BY_NAME.get(comparable(name)) ?? { key: `name:${comparable(name)}`, name }
}

const PLAN_NAMES: ReadonlyMap<string, string> = new Map(ESTIMATE_OPTIONS.servicePlans.map((p) => [p.id, p.name]))

/** A plan by its id, under its English name; an id no longer in data keeps its id as its name. */
export function planOf(id: string | null): Grouped | null {
  if (!id) return null
  return { key: id, name: PLAN_NAMES.get(id) ?? id }
}
