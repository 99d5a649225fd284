/**
 * The campaign touches in localStorage, kept after every page. Storage may be missing (private mode),
 * full, or hold anything (an old version, a hand edit): a record with any value the browser could not
 * have written counts as nothing stored. Without yup (attribution-values.ts): a page without a form
 * loads no validation library for this.
 */
import { isCleanTouch, isIsoInstant } from "../../../supabase/functions/_shared/kernel/attribution-values.ts"
import { ATTRIBUTION_KEY } from "./key"
import { nextAttribution, type StoredAttribution, type Visit } from "./next-attribution"

export type Store = Pick<Storage, "getItem" | "setItem">

export function browserStorage(): Store | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** The stored record when every value in it is one the browser writes, else null. */
export function readStored(storage: Store | null = browserStorage()): StoredAttribution | null {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(ATTRIBUTION_KEY) ?? "null")
    if (typeof raw !== "object" || raw === null || !("first" in raw && "last" in raw && "expiresAt" in raw)) return null
    const { first, last, expiresAt, ...unknown } = raw
    if (Object.keys(unknown).length > 0 || typeof expiresAt !== "string" || !isIsoInstant(expiresAt)) return null
    return isCleanTouch(first) && isCleanTouch(last) ? { first, last, expiresAt } : null
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
