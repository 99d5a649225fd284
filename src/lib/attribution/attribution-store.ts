/**
 * The campaign touches in localStorage. Storage may be missing (private mode), full, or hold anything
 * (an old version, a hand edit): whatever does not pass the shared contract counts as nothing stored,
 * so a lead never carries a value the functions would refuse.
 */
import { attributionSchema, isIsoInstant, type Attribution } from "../../../supabase/functions/_shared/attribution.ts"
import { ATTRIBUTION_KEY } from "./key"
import { isLive, nextAttribution, type StoredAttribution, type Visit } from "./next-attribution"

type Store = Pick<Storage, "getItem" | "setItem">

function browserStorage(): Store | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** The stored record when it is one the contract accepts, else null. */
export function readStored(storage: Store | null = browserStorage()): StoredAttribution | null {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(ATTRIBUTION_KEY) ?? "null")
    if (typeof raw !== "object" || raw === null || !("expiresAt" in raw)) return null
    const { expiresAt, ...touches } = raw
    if (typeof expiresAt !== "string" || !isIsoInstant(expiresAt)) return null
    const attribution = attributionSchema.validateSync(touches, { strict: true })
    return attribution ? { ...attribution, expiresAt } : null
  } catch {
    return null
  }
}

/** Records this visit; never throws (a full or blocked storage just keeps nothing). */
export function captureAttribution(visit: Visit, storage: Store | null = browserStorage()): void {
  const next = nextAttribution(visit, readStored(storage))
  if (!next) return
  try {
    storage?.setItem(ATTRIBUTION_KEY, JSON.stringify(next))
  } catch {
    // quota or private mode: this visit goes unattributed
  }
}

/** Records the page being shown; after a navigation inside the site document.referrer is stale, so it is left out. */
export const captureCurrentVisit = (firstPage: boolean) => {
  captureAttribution({ url: window.location.href, referrer: firstPage ? document.referrer : "", now: new Date() })
}

/** What a lead carries: both touches while they count, else nothing (the field is then left out). */
export function attributionForLead(now: Date, storage: Store | null = browserStorage()): Attribution | undefined {
  const stored = readStored(storage)
  if (!stored || !isLive(stored, now)) return undefined
  return { first: stored.first, last: stored.last }
}
