/**
 * The company notice's blocks about where a lead came from (its first and last campaign touch) and
 * what it agreed to (the consent sentence, and the SMS opt-in or its absence). Every value is the
 * visitor's: it goes into the body only, where renderEmail escapes it.
 */
import { CAMPAIGN_PARAMS, type Touch } from "../attribution.ts"
import { consentText } from "../consent.ts"
import type { LeadOrigin } from "../lead-origin.ts"
import { COMPANY, LEAD_MESSAGES } from "../site-data.generated.ts"
import { fill } from "./escape.ts"
import type { EmailSection } from "./layout.ts"

const ORIGIN = LEAD_MESSAGES.companyEmail.origin
const CONSENT = LEAD_MESSAGES.companyEmail.consent

/** The office reads times on its own clock, with the zone named (a lead may arrive from anywhere). */
const officeTime = (iso: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: COMPANY.timeZone,
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso))

const TOUCH_FIELDS = [...CAMPAIGN_PARAMS, "referrer", "landing_path"] as const

/** The values a touch has, in CAMPAIGN_PARAMS' order, then where it came from and when. */
export const touchRows = (touch: NonNullable<Touch>): Array<[string, string]> => [
  ...TOUCH_FIELDS.flatMap((field): Array<[string, string]> => {
    const value = touch[field]
    return value ? [[ORIGIN.touchLabels[field], value]] : []
  }),
  [ORIGIN.touchLabels.at, officeTime(touch.at)],
]

export function originSections({ attribution, consent }: LeadOrigin): EmailSection[] {
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
            [CONSENT.at, officeTime(consent.at)],
            [CONSENT.sms, sms ? fill(CONSENT.smsYes, { version: sms.version, at: officeTime(sms.at) }) : CONSENT.smsNo],
          ],
        }
      : { heading: CONSENT.heading, level: 2, note: CONSENT.none, rows: [] },
  ]
}
