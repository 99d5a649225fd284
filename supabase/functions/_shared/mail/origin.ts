/**
 * The company notice's blocks about where a lead came from (its first and last campaign touch) and
 * what it agreed to (the consent sentence, and the SMS opt-in or its absence). Every value is the
 * visitor's: it goes into the body only, where renderEmail escapes it.
 */
import { CAMPAIGN_PARAMS, newParamsOf, type Touch } from "../kernel/attribution.ts"
import { consentText } from "../kernel/consent.ts"
import type { LeadOrigin } from "../intake/lead-origin.ts"
import { COMPANY, LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import { fill } from "../kernel/escape.ts"
import type { EmailSection } from "./layout.ts"

const ORIGIN = LEAD_MESSAGES.companyEmail.origin
const CONSENT = LEAD_MESSAGES.companyEmail.consent

// Made once (making a formatter costs a lead about 0.4 ms; using one, microseconds).
const OFFICE_TIME = new Intl.DateTimeFormat("en-US", {
  timeZone: COMPANY.timeZone,
  weekday: "short",
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
})

/**
 * The office reads times on its own clock, with the zone named (a lead may arrive from anywhere). A time
 * the browser wrote may be no real instant at all (its clock is the visitor's): that one is shown as sent.
 */
const officeTime = (time: string | Date) => {
  const instant = new Date(time)
  if (!Number.isFinite(instant.getTime())) return String(time)
  return OFFICE_TIME.format(instant)
}

/**
 * A campaign value as the notice shows it: whole up to this many characters (a real click id or utm value
 * fits), cut beyond. The row and the CRM forward keep it whole; the e-mail, which holds it twice (HTML and
 * text), need not carry 500-character tokens a person never reads.
 */
export const NOTICE_VALUE_MAX = 100
const shown = (value: string) => {
  const characters = Array.from(value)
  return characters.length > NOTICE_VALUE_MAX ? `${characters.slice(0, NOTICE_VALUE_MAX).join("")}…` : value
}

/**
 * The values a touch has, in CAMPAIGN_PARAMS' order, then any campaign parameter the functions do not
 * know yet (labelled by its name as sent), then where it came from and when.
 */
export const touchRows = (touch: NonNullable<Touch>): Array<[string, string]> => {
  const rowsOf = (fields: ReadonlyArray<keyof typeof ORIGIN.touchLabels & keyof NonNullable<Touch>>) =>
    fields.flatMap((field): Array<[string, string]> => {
      const value = touch[field]
      return value ? [[ORIGIN.touchLabels[field], shown(value)]] : []
    })
  return [
    ...rowsOf(CAMPAIGN_PARAMS),
    ...newParamsOf(touch).map(([key, value]): [string, string] => [key, shown(value)]),
    ...rowsOf(["referrer", "landing_path"]),
    [ORIGIN.touchLabels.at, shown(officeTime(touch.at))],
  ]
}

/** When the consent was received, as stored (the server's clock); without it, the browser's time as sent. */
export interface ConsentReceipt {
  consentAt: Date | null
  smsConsentAt: Date | null
}

export function originSections({ attribution, consent }: LeadOrigin, receipt?: ConsentReceipt): EmailSection[] {
  const touches: EmailSection[] = attribution
    ? [
        { heading: ORIGIN.firstTouch, level: 3, rows: touchRows(attribution.first) },
        { heading: ORIGIN.lastTouch, level: 3, rows: touchRows(attribution.last) },
      ]
    : []
  const sms = consent?.sms
  return [
    { heading: ORIGIN.heading, level: 2, ...(attribution ? {} : { note: ORIGIN.none }), rows: [] },
    ...touches,
    consent
      ? {
          heading: CONSENT.heading,
          level: 2,
          rows: [
            [CONSENT.agreed, consentText(consent.version, COMPANY.name)],
            [CONSENT.version, consent.version],
            [CONSENT.at, officeTime(receipt?.consentAt ?? consent.at)],
            [
              CONSENT.sms,
              sms
                ? fill(CONSENT.smsYes, { version: sms.version, at: officeTime(receipt?.smsConsentAt ?? sms.at) })
                : CONSENT.smsNo,
            ],
          ],
        }
      : { heading: CONSENT.heading, level: 2, note: CONSENT.none, rows: [] },
  ]
}
