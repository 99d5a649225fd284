/**
 * One request per reference (kernel/reference.ts): the visitor reads it out on the phone, the office finds the
 * request by it. Any body may propose one (its browser makes it, so a lead kept offline can show it), but none may
 * claim one another request holds: the first request to claim a reference keeps it, across leads and messages
 * (visitor_references), and a later one gets another, which its answer and every message then carry (the stored
 * row's reference). A wizard's later calls, under the same submission, find the one their first call claimed.
 */
import { sha256Hex } from "../crypto.ts"
import type { Db } from "../db.ts"
import { referenceAt } from "../kernel/reference.ts"

/** Tries of six digits before the references get longer (a taken one is rare: a million of them, few used). */
const SHORT_TRIES = 10
const MAX_TRIES = 20

/** The n-th other reference for a submission: made from its id, so every call of it tries the same ones. */
export function alternativeReference(submissionId: string, attempt: number): string {
  const digits = String(Number.parseInt(sha256Hex(`${submissionId}:${attempt}`).slice(0, 12), 16))
  return attempt < SHORT_TRIES ? referenceAt(Number(digits)) : `WEB${digits.padStart(9, "0").slice(-9)}`
}

const CLAIM = `with mine as (select reference from visitor_references where submission_id = $2),
  claimed as (
    insert into visitor_references (reference, submission_id)
    select $1, $2 where not exists (select 1 from mine)
    on conflict do nothing
    returning reference)
  select reference from mine union all select reference from claimed`

/** The reference this submission holds: its own earlier claim, else the proposed one, else the first free other. */
export async function claimReference(tx: Pick<Db, "query">, proposed: string, submissionId: string): Promise<string> {
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const candidate = attempt === 0 ? proposed : alternativeReference(submissionId, attempt)
    const [held] = await tx.query<{ reference: string }>(CLAIM, [candidate, submissionId])
    if (held) return held.reference
  }
  throw new Error("no free reference after every try")
}
