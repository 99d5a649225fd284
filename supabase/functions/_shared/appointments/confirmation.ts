/**
 * A confirmed visit in writing: the visitor's e-mail (the window, the address, what to prepare, the
 * company's phone, and an .ics calendar file), a text only with the SMS opt-in ticked, and the
 * appointment's forward to the CRM with the window in ISO 8601 with New York's offset. Each is an outbox
 * job keyed by the request, so it goes out exactly once however often "Confirm" is tapped. The visitor reads
 * them in the language they used the site in.
 */
import { Buffer } from "node:buffer"
import { fitSms, templatePieces } from "../alerts/sms-fit.ts"
import { jobOwner } from "../alerts/subject.ts"
import { localIso } from "../kernel/business-hours.ts"
import { sendableAddress } from "../email-recipient.ts"
import { fill } from "../kernel/escape.ts"
import { textableNumber } from "../phone-number.ts"
import { DEFAULT_LANGUAGE, type Language } from "../kernel/languages.ts"
import { COMPANY, CUSTOMER_TEXTS } from "../kernel/site-data.generated.ts"
import { firstNameOf } from "../mail/templates.ts"
import { renderEmail, type EmailMessage, type EmailSection } from "../mail/layout.ts"
import type { NewJob } from "../outbox/queue.ts"
import { icsOf } from "./ics.ts"
import { appointmentLabel } from "./window-label.ts"

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
  /** The language the visitor used the site in: their e-mail, text and calendar file are in it. */
  language: Language
}

export interface Appointment {
  windowId: string
  startsAt: Date
  endsAt: Date
  confirmedBy: string
  confirmedAt: Date
}

/** A visit's words in the visitor's language (data/lead-messages.yaml `appointments`). */
const copyIn = (language: Language) => CUSTOMER_TEXTS[language].messages.appointments

/**
 * What to do before the visit: each named pest's own list (its page's section marked visitPreparation),
 * else the general one of data/lead-messages.yaml, in the visitor's language.
 */
export function prepareSections(pests: readonly string[], language: Language = DEFAULT_LANGUAGE): EmailSection[] {
  // By the pest's English label, as the forms send it.
  const preparations = CUSTOMER_TEXTS[language].visitPreparation
  const own = pests.flatMap((pest) => {
    const preparation = Object.hasOwn(preparations, pest) ? preparations[pest] : undefined
    return preparation
      ? [{ heading: preparation.heading, level: 2 as const, rows: [], note: preparation.points.join("\n") }]
      : []
  })
  const copy = copyIn(language)
  return own.length > 0 ? own : [{ heading: copy.prepareHeading, level: 2, rows: [], note: copy.prepare.join("\n") }]
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
    language: lead.language,
    subject: words.subject,
    heading: words.heading,
    intro: fill(words.intro, { firstName: firstNameOf(lead.fullName), window }),
    rows: [
      [copyIn(lead.language).rows.when, window],
      [copyIn(lead.language).rows.address, lead.address],
      [copyIn(lead.language).rows.reference, lead.reference],
      [copyIn(lead.language).rows.phone, COMPANY.phone.display],
    ],
    sections: prepareSections(lead.pests, lead.language),
  })

/** The SMS a confirmation may take: two segments, as the other confirmations. */
const CONFIRMATION_SMS_SEGMENTS = 2

export function confirmationEmail(
  lead: ConfirmedLead,
  appointment: Appointment,
  from: string,
  to: string,
): EmailMessage {
  const window = appointmentLabel(appointment, lead.language)
  const copy = copyIn(lead.language)
  const content = visitEmail(lead, window, {
    subject: fill(copy.emailSubject, { window }),
    heading: copy.emailHeading,
    intro: copy.emailIntro,
  })
  const ics = icsOf(
    {
      uid: `${lead.id}@${COMPANY.email.split("@")[1] ?? "appointments"}`,
      startsAt: appointment.startsAt,
      endsAt: appointment.endsAt,
      stamp: appointment.confirmedAt,
      summary: fill(copy.calendarSummary, { company: COMPANY.name }),
      description: fill(copy.calendarDescription, { window, reference: lead.reference, phone: COMPANY.phone.display }),
      location: lead.address,
      organizer: { name: COMPANY.name, email: COMPANY.email },
    },
    COMPANY.name,
  )
  return {
    to,
    from,
    ...content,
    attachments: [
      {
        filename: copy.calendarFile,
        content: Buffer.from(ics, "utf8").toString("base64"),
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
      },
    ],
  }
}

export const confirmationSms = (lead: ConfirmedLead, appointment: Appointment) =>
  fitSms(
    [
      templatePieces(copyIn(lead.language).sms, {
        company: { text: COMPANY.name },
        window: { text: appointmentLabel(appointment, lead.language) },
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
  // Only a number the business texts, and an address the e-mail API takes (its domain in ASCII).
  const number = textableNumber(lead.phone)
  const address = sendableAddress(lead.email)
  const zone = COMPANY.timeZone
  return [
    ...(address
      ? [
          {
            kind: "customer_email" as const,
            dedupeKey: `${key}:email`,
            ...owner,
            payload: confirmationEmail(lead, appointment, from, address),
          },
        ]
      : []),
    ...(lead.smsConsent && number.ok
      ? [
          {
            kind: "customer_sms" as const,
            dedupeKey: `${key}:sms`,
            ...owner,
            payload: { to: number.to, body: confirmationSms(lead, appointment) },
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
        language: lead.language,
        confirmedAt: localIso(appointment.confirmedAt, zone),
      },
    },
  ]
}
