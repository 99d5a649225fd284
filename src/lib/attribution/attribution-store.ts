/**
 * What a lead carries of the stored campaign touches: both while they count, checked once more against
 * the contract itself (loaded with the lead forms, which have it anyway).
 */
import { attributionSchema, type Attribution } from "../../../supabase/functions/_shared/kernel/attribution.ts"
import { browserStorage, readStored, type Store } from "./attribution-record"
import { isLive } from "./next-attribution"

/** Both touches while they count and pass the contract, else nothing (the field is then left out). */
export function attributionForLead(now: Date, storage: Store | null = browserStorage()): Attribution | undefined {
  const stored = readStored(storage)
  if (!stored || !isLive(stored, now)) return undefined
  const attribution = { first: stored.first, last: stored.last }
  return attributionSchema.isValidSync(attribution, { strict: true }) ? attribution : undefined
}
