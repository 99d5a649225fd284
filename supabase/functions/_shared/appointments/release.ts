/**
 * The office releases a window held for a $49 booking (appointments/hold.ts), in one transaction: the
 * request is locked, its hold ended and the window's visit given back (another visitor may take it), and the
 * visitor told once, in their language: an e-mail, and a text with the SMS opt-in, within their budget
 * (the answer says whether any message went, so the office page never says "told" when none could).
 * A request with no hold (released before, confirmed, never held) answers so and changes nothing.
 */
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import { fill } from "../kernel/escape.ts"
import { COMPANY, CUSTOMER_TEXTS } from "../kernel/site-data.generated.ts"
import { sendableAddress } from "../email-recipient.ts"
import { textableNumber } from "../phone-number.ts"
import { fitSms, templatePieces } from "../alerts/sms-fit.ts"
import { jobOwner } from "../alerts/subject.ts"
import { firstNameOf } from "../mail/templates.ts"
import { renderEmail, withSafeHeaders } from "../mail/layout.ts"
import { enqueueJobs, type NewJob } from "../outbox/queue.ts"
import { withinCustomerBudget } from "../spam/customer-budget.ts"
import { confirmedLead, leadFacts } from "./appointment-rows.ts"
import type { ConfirmedLead } from "./confirmation.ts"
import { endHold, holdOf, type Hold } from "./hold.ts"
import { appointmentLabel } from "./window-label.ts"

/** `notified`: a message to the visitor is on its way (none without an address or opt-in, or past their budget). */
export type ReleaseResult =
  { state: "released"; label: string; notified: boolean } | { state: "not_held" } | { state: "not_found" }

/** The release's SMS: two segments at most, as every confirmation. */
const RELEASE_SMS_SEGMENTS = 2

/** The visitor's messages of a release, keyed by the request: sent once however often it is tapped. */
export function releaseJobs(lead: ConfirmedLead, hold: Hold, config: BackendConfig): NewJob[] {
  const copy = CUSTOMER_TEXTS[lead.language].messages.appointments
  const window = appointmentLabel(hold, lead.language)
  const owner = jobOwner({ record: "lead", id: lead.id })
  const key = `hold-release:${lead.id}`
  const address = sendableAddress(lead.email)
  const number = textableNumber(lead.phone)
  const { rows } = copy
  return [
    ...(address
      ? [
          {
            kind: "customer_email" as const,
            dedupeKey: `${key}:email`,
            ...owner,
            payload: withSafeHeaders({
              to: address,
              from: config.mail.from,
              replyTo: config.mail.companyTo,
              ...renderEmail({
                language: lead.language,
                subject: fill(copy.releasedSubject, { window }),
                heading: fill(copy.releasedSubject, { window }),
                intro: fill(copy.releasedIntro, { firstName: firstNameOf(lead.fullName), window }),
                rows: [
                  [rows.reference, lead.reference],
                  [rows.phone, COMPANY.phone.display],
                ],
              }),
            }),
          },
        ]
      : []),
    ...(lead.smsConsent && number.ok
      ? [
          {
            kind: "customer_sms" as const,
            dedupeKey: `${key}:sms`,
            ...owner,
            payload: {
              to: number.to,
              body: fitSms(
                [
                  templatePieces(copy.releasedSms, {
                    company: { text: COMPANY.name },
                    window: { text: window },
                    reference: { text: lead.reference },
                    phone: { text: COMPANY.phone.display },
                  }),
                ],
                RELEASE_SMS_SEGMENTS,
              ),
            },
          },
        ]
      : []),
  ]
}

export async function releaseHold(db: Db, config: BackendConfig, leadId: string, at: Date): Promise<ReleaseResult> {
  return db.transaction(async (tx) => {
    const lead = await leadFacts(tx, leadId, { lock: true })
    if (!lead) return { state: "not_found" }
    const hold = await holdOf(tx, lead.id, { lock: true })
    if (!hold) return { state: "not_held" }
    await endHold(tx, lead.id, hold)
    const allowed = await withinCustomerBudget(tx, releaseJobs(confirmedLead(lead), hold, config), {
      client: null,
      config,
      at,
    })
    await enqueueJobs(tx, allowed.jobs, at)
    return { state: "released", label: appointmentLabel(hold), notified: allowed.jobs.length > 0 }
  })
}
