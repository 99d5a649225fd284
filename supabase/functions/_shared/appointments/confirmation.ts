/**
 * A confirmed visit in writing: the visitor's e-mail (the window, the address, what to prepare, the
 * company's phone, and an .ics calendar file), a text only with the SMS opt-in ticked, and the
 * appointment's forward to the CRM with the window in ISO 8601 with New York's offset. Each is an outbox
 * job keyed by the request, so it goes out exactly once however often "Confirm" is tapped.
 */
import { Buffer } from "node:buffer"
import { fitSms, templatePieces } from "../alerts/sms-fit.ts"
import { jobOwner } from "../alerts/subject.ts"
import { localIso } from "../kernel/business-hours.ts"
import { isEmailAddress } from "../kernel/email-address.ts"
import { fill } from "../kernel/escape.ts"
import { E164, phoneE164, telUri } from "../kernel/phone.ts"
import { COMPANY, LEAD_MESSAGES, VISIT_PREPARATION } from "../kernel/site-data.generated.ts"
import { firstNameOf } from "../mail/templates.ts"
import { renderEmail, type EmailMessage, type EmailSection } from "../mail/layout.ts"
import type { NewJob } from "../outbox/queue.ts"
import { icsOf } from "./ics.ts"
import { appointmentLabel } from "./window-label.ts"

const COPY = LEAD_MESSAGES.appointments

/** The request as a confirmation needs it. */
export interface ConfirmedLead {
  id: string
  reference: string
  fullName: string
  email: string | null
  phone: string
  address: string
  smsConsent: boolean
  /** The pests the visitor named (the wizard's choices), whose pages may say what to prepare. */
  pests: readonly string[]
}

export interface Appointment {
  windowId: string
  startsAt: Date
  endsAt: Date
  confirmedBy: string
  confirmedAt: Date
}

/**
 * What to do before the visit: each named pest's own list (its page's section marked visitPreparation),
 * else the general one of data/lead-messages.yaml.
 */
export function prepareSections(pests: readonly string[]): EmailSection[] {
  const own = pests.flatMap((pest) => {
    const preparation = VISIT_PREPARATION[pest]
    return preparation
      ? [{ heading: preparation.heading, level: 2 as const, rows: [], note: preparation.points.join("\n") }]
      : []
  })
  return own.length > 0 ? own : [{ heading: COPY.prepareHeading, level: 2, rows: [], note: COPY.prepare.join("\n") }]
}

/**
 * A visit's e-mail to the visitor (its confirmation, its reminder): the words given, then the window, the
 * address, the reference and the company's phone, and what to prepare. `intro` may name {firstName} and {window}.
 */
export const visitEmail = (
  lead: ConfirmedLead,
  window: string,
  words: { subject: string; heading: string; intro: string },
) =>
  renderEmail({
    subject: words.subject,
    heading: words.heading,
    intro: fill(words.intro, { firstName: firstNameOf(lead.fullName), window }),
    rows: [
      [COPY.rows.when, window],
      [COPY.rows.address, lead.address],
      [COPY.rows.reference, lead.reference],
      [COPY.rows.phone, COMPANY.phone.display],
    ],
    sections: prepareSections(lead.pests),
  })

/** The SMS a confirmation may take: two segments, as the other confirmations. */
const CONFIRMATION_SMS_SEGMENTS = 2

export function confirmationEmail(
  lead: ConfirmedLead,
  appointment: Appointment,
  from: string,
  to: string,
): EmailMessage {
  const window = appointmentLabel(appointment)
  const { subject, html, text } = visitEmail(lead, window, {
    subject: fill(COPY.emailSubject, { window }),
    heading: COPY.emailHeading,
    intro: COPY.emailIntro,
  })
  const ics = icsOf(
    {
      uid: `${lead.id}@${COMPANY.email.split("@")[1] ?? "appointments"}`,
      startsAt: appointment.startsAt,
      endsAt: appointment.endsAt,
      stamp: appointment.confirmedAt,
      summary: fill(COPY.calendarSummary, { company: COMPANY.name }),
      description: fill(COPY.calendarDescription, { window, reference: lead.reference, phone: COMPANY.phone.display }),
      location: lead.address,
      organizer: { name: COMPANY.name, email: COMPANY.email },
    },
    COMPANY.name,
  )
  return {
    to,
    from,
    subject,
    html,
    text,
    attachments: [
      {
        filename: COPY.calendarFile,
        content: Buffer.from(ics, "utf8").toString("base64"),
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
      },
    ],
  }
}

export const confirmationSms = (lead: ConfirmedLead, appointment: Appointment) =>
  fitSms(
    [
      templatePieces(COPY.sms, {
        company: { text: COMPANY.name },
        window: { text: appointmentLabel(appointment) },
        reference: { text: lead.reference },
        phone: { text: COMPANY.phone.display },
      }),
    ],
    CONFIRMATION_SMS_SEGMENTS,
  )

/** The jobs of a confirmation: the e-mail (to an address that can take one), the text (opt-in only), the CRM's event. */
export function confirmationJobs(lead: ConfirmedLead, appointment: Appointment, from: string): NewJob[] {
  const owner = jobOwner({ record: "lead", id: lead.id })
  const key = `appointment:${lead.id}`
  const to = phoneE164(lead.phone) ?? telUri(lead.phone).replace(/^tel:/, "")
  const zone = COMPANY.timeZone
  return [
    ...(lead.email && isEmailAddress(lead.email)
      ? [
          {
            kind: "customer_email" as const,
            dedupeKey: `${key}:email`,
            ...owner,
            payload: confirmationEmail(lead, appointment, from, lead.email),
          },
        ]
      : []),
    ...(lead.smsConsent && E164.test(to)
      ? [
          {
            kind: "customer_sms" as const,
            dedupeKey: `${key}:sms`,
            ...owner,
            payload: { to, body: confirmationSms(lead, appointment) },
          },
        ]
      : []),
    {
      kind: "crm_forward",
      dedupeKey: `${key}:crm`,
      ...owner,
      payload: {
        event: "appointment.confirmed",
        reference: lead.reference,
        leadId: lead.id,
        window: {
          id: appointment.windowId,
          start: localIso(appointment.startsAt, zone),
          end: localIso(appointment.endsAt, zone),
        },
        customer: { name: lead.fullName, phone: lead.phone, email: lead.email, address: lead.address },
        confirmedBy: appointment.confirmedBy,
        confirmedAt: localIso(appointment.confirmedAt, zone),
      },
    },
  ]
}
