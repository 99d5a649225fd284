/**
 * Where a lead came from and what it agreed to, as the columns that store them (leads and
 * contact_messages alike, see 20270301090000_lead_attribution.sql and 20270401100000_consent_receipt.sql).
 * The consent's time is the server's receipt time; the browser's own time is kept beside it only when it
 * can be right (client-time.ts), otherwise left out (and the lead flagged, body-flags.ts).
 */
import type { Attribution } from "../kernel/attribution.ts"
import { clientInstant } from "../kernel/client-time.ts"
import type { Consent } from "../kernel/consent.ts"
import type { SqlParam } from "../db.ts"

/** The part of every body this is about; both are optional (a lead kept in a browser from before has neither). */
export interface LeadOrigin {
  attribution?: Attribution
  consent?: Consent
}

export const ORIGIN_COLUMNS = [
  "attribution",
  "consent_version",
  "consent_at",
  "consent_client_at",
  "sms_consent_version",
  "sms_consent_at",
  "sms_consent_client_at",
] as const
export type OriginColumn = (typeof ORIGIN_COLUMNS)[number]

/** The columns' values; `attribution` is JSON text, to be cast `::text::jsonb` (one way for PGlite and postgres.js). */
export const originColumns = (
  { attribution, consent }: LeadOrigin,
  receivedAt: Date,
): Record<OriginColumn, SqlParam> => {
  const received = receivedAt.toISOString()
  return {
    attribution: attribution ? JSON.stringify(attribution) : null,
    consent_version: consent?.version ?? null,
    consent_at: consent ? received : null,
    consent_client_at: consent ? clientInstant(consent.at, receivedAt) : null,
    sms_consent_version: consent?.sms?.version ?? null,
    sms_consent_at: consent?.sms ? received : null,
    sms_consent_client_at: consent?.sms ? clientInstant(consent.sms.at, receivedAt) : null,
  }
}
