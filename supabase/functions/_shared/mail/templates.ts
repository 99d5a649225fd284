/**
 * The e-mails the outbox sends: the company's notification of every lead and message, and the visitor's
 * confirmation of each (with its reference and the form's promise, data/response-promises.yaml).
 */
import type { ContactMessage, EstimateRequest, OfferBooking, OfferCallback, EstimateLead } from "../kernel/contract.ts"
import { COMPANY, ESTIMATE_OPTIONS, LEAD_MESSAGES, RESPONSE_PROMISES } from "../kernel/site-data.generated.ts"
import { isEmailAddress } from "../kernel/email-address.ts"
import { fill } from "../kernel/escape.ts"
import type { LeadFlag } from "../lead-flags.ts"
import { officeWhen } from "../alerts/office-hours.ts"
import { promiseFor, waitedText, type LeadPromise } from "../alerts/promise.ts"
import { windowSections, type NoticeWindow } from "../appointments/notice-windows.ts"
import { renderEmail, type EmailSection } from "./layout.ts"
import { originSections, type ConsentReceipt } from "./origin.ts"

export type LeadKind = keyof typeof LEAD_MESSAGES.companyEmail.kindLabels

/** Every row's label is data (lead-messages.yaml `emailRows`), like the rest of the e-mails' words. */
const ROWS = LEAD_MESSAGES.emailRows

const label = <T extends { id: string }>(list: readonly T[], id: string, key: keyof T) =>
  String(list.find((item) => item.id === id)?.[key] ?? id)
const yesNo = (value: boolean, note: string) => (value ? fill(ROWS.yes, { note }) : ROWS.no)
const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName

type EstimateFields = Pick<
  EstimateRequest,
  | "propertyType"
  | "servicePlan"
  | "pests"
  | "additionalPests"
  | "sameDayService"
  | "quickKnock"
  | "streetAddress"
  | "city"
  | "state"
  | "zipCode"
>

/** The estimate summary shown to the customer and the company alike. */
export function estimateRows(e: EstimateFields): Array<[string, string]> {
  return [
    [ROWS.property, label(ESTIMATE_OPTIONS.propertyTypes, e.propertyType, "label")],
    [ROWS.servicePlan, label(ESTIMATE_OPTIONS.servicePlans, e.servicePlan, "name")],
    [ROWS.pests, e.pests.join(", ")],
    [
      ROWS.additionalPests,
      ESTIMATE_OPTIONS.additionalPests.find((a) => a.value === e.additionalPests)?.label ?? String(e.additionalPests),
    ],
    [ESTIMATE_OPTIONS.sameDay.label, yesNo(e.sameDayService, ESTIMATE_OPTIONS.sameDay.priceNote)],
    [ESTIMATE_OPTIONS.quickKnock.label, yesNo(e.quickKnock, ESTIMATE_OPTIONS.quickKnock.priceNote)],
    [ROWS.address, `${e.streetAddress}, ${e.city}, ${e.state} ${e.zipCode}`],
  ]
}

export type CompanyNotice =
  | { kind: "contact"; body: ContactMessage }
  | { kind: "estimate"; body: EstimateLead | EstimateRequest }
  | { kind: "booking"; body: OfferBooking }
  | { kind: "callback"; body: OfferCallback }

type Row = [string, string]
type NoticeContent = { name: string; replyTo?: string; rows: Row[] }

/** Every notice opens with who sent it; a callback may come without an e-mail (`email` undefined: no row, no reply-to). */
function fromSender(name: string, phone: string, email: string | undefined, rows: Row[]): NoticeContent {
  // The address is also a row: the notice may go out without its reply_to (see delivery/email.ts).
  const emailRow: Row[] = email === undefined ? [] : [[ROWS.email, email]]
  return { name, replyTo: email, rows: [[ROWS.name, name], [ROWS.phone, phone], ...emailRow, ...rows] }
}

function noticeRows(notice: CompanyNotice): NoticeContent {
  switch (notice.kind) {
    case "contact": {
      const b = notice.body
      return fromSender(b.name, b.phone, b.email, [[ROWS.message, b.message]])
    }
    case "estimate": {
      const b = notice.body
      return fromSender(b.fullName, b.phone, b.email, estimateRows(b))
    }
    case "booking": {
      const b = notice.body
      return fromSender(b.fullName, b.phone, b.email, [
        [ROWS.address, `${b.streetAddress}, ${b.city} ${b.zipCode}`],
        [ROWS.offer, b.specialOffer],
      ])
    }
    case "callback": {
      const b = notice.body
      return fromSender(b.full_name, b.phone, b.email || undefined, [
        [ROWS.address, [b.street_address, b.city, b.zip_code].filter(Boolean).join(", ")],
        [ROWS.offer, b.special_offer],
        [ROWS.notes, b.notes],
        [ROWS.campaign, [b.utm_source, b.utm_campaign, b.utm_term].filter(Boolean).join(" / ")],
      ])
    }
  }
}

/** A submission filed as spam, then released by the office: when the visitor sent it, and why it was filed. */
export interface ReleasedFromSpam {
  sentAt: Date
  /** The reason's words (data/lead-messages.yaml officeAlerts.spamReasons). */
  reason: string
}

/**
 * What the stored row says beside the body: when its consent was received, why the office should look
 * twice, what the visitor was promised, and, for a released one, how long they have waited.
 */
export interface NoticeReceipt extends ConsentReceipt {
  flags: readonly LeadFlag[]
  promise?: LeadPromise
  released?: ReleasedFromSpam
  /** When the notice is written (the release's time, for a released one). */
  at?: Date
  /** The arrival windows the visitor picked, with their "Confirm" links (appointments/notice-windows.ts). */
  windows?: readonly NoticeWindow[]
}

const FLAGS = LEAD_MESSAGES.flags

/** The "Check this lead" block: one row per flag, labelled by its code; nothing when there is none. */
export const flagSections = (flags: readonly LeadFlag[]): EmailSection[] =>
  flags.length === 0
    ? []
    : [{ heading: FLAGS.heading, level: 2, note: FLAGS.note, rows: flags.map((f) => [FLAGS.labels[f.code], f.detail]) }]

/**
 * The office's notice of a lead; `actions` are its one-tap links ("I'm on it", the call), `receipt` what
 * the stored row adds (without it, as in a test of the text alone: no flags, the browser's consent times).
 */
export function companyNotification(
  notice: CompanyNotice,
  reference: string,
  actions: ReadonlyArray<{ label: string; href: string }> = [],
  receipt?: NoticeReceipt,
) {
  const { name, replyTo, rows } = noticeRows(notice)
  const messages = LEAD_MESSAGES.companyEmail
  const kindLabel = messages.kindLabels[notice.kind]
  const at = receipt?.at ?? new Date()
  const promise = receipt?.promise ?? promiseFor(notice.kind, at)
  const deadline = officeWhen(promise.deadline)
  const released = receipt?.released
  const releasedNote = released
    ? fill(LEAD_MESSAGES.officeAlerts.releasedNote, {
        reason: released.reason,
        sentAt: officeWhen(released.sentAt),
        waited: waitedText(released.sentAt, at),
      })
    : ""
  const subject =
    notice.kind === "contact"
      ? fill(messages.contactSubject, { name })
      : fill(messages.leadSubject, { name, kindLabel })
  // A reply-to the e-mail API would refuse must not hold up the owner's notice: leave it out (the address is in the body).
  return {
    ...(replyTo && isEmailAddress(replyTo) ? { replyTo } : {}),
    ...renderEmail({
      subject,
      heading: subject,
      intro: [releasedNote, fill(messages.intro, { promise: promise.text, deadline })].filter(Boolean).join(" "),
      actions,
      rows: [
        ...rows,
        [ROWS.reference, reference],
        [ROWS.promisedOffice, fill(ROWS.promisedValue, { promise: promise.text, deadline })],
      ],
      sections: [
        ...windowSections(receipt?.windows ?? []),
        ...flagSections(receipt?.flags ?? []),
        ...originSections(notice.body, receipt),
      ],
    }),
  }
}

const signOff = () =>
  fill(LEAD_MESSAGES.customerEmail.signOff, { phone: COMPANY.phone.display, hours: COMPANY.hoursText })

const CUSTOMER = LEAD_MESSAGES.customerEmail

/**
 * The visitor's own words in their confirmation, at most this long: enough to recognise the request. A
 * confirmation goes to whatever address the form was given, so it must not carry pages of someone's text
 * to a stranger (the office's notice keeps it whole).
 */
const ECHO_MAX = 200

const excerpt = (text: string) => {
  const trimmed = text.trim()
  return trimmed.length > ECHO_MAX ? `${trimmed.slice(0, ECHO_MAX - 1).trimEnd()}…` : trimmed
}

/** What every confirmation ends its rows with: the reference and how soon we answer. */
const confirmationRows = (reference: string, promise: string): Row[] => [
  [ROWS.reference, reference],
  [ROWS.promised, promise],
]

/** A confirmation to the visitor: its subject as heading, their rows, the reference and promise, our next steps. */
const confirmation = (
  kind: LeadKind,
  reference: string,
  content: { subject: string; intro: string; rows: Row[]; steps: readonly string[] },
) =>
  renderEmail({
    subject: content.subject,
    heading: content.subject,
    intro: `${content.intro} ${fill(CUSTOMER.referenceNote, { reference })}`,
    rows: [...content.rows, ...confirmationRows(reference, RESPONSE_PROMISES[kind].text)],
    steps: content.steps.map((step) => fill(step, { phone: COMPANY.phone.display })),
    signOff: signOff(),
  })

export const estimateConfirmation = (body: EstimateRequest, reference: string) =>
  confirmation("estimate", reference, {
    subject: CUSTOMER.estimateSubject,
    intro: fill(CUSTOMER.estimateIntro, { firstName: body.firstName }),
    rows: estimateRows(body),
    steps: CUSTOMER.estimateNextSteps,
  })

export const bookingConfirmation = (body: OfferBooking, reference: string) =>
  confirmation("booking", reference, {
    subject: CUSTOMER.bookingSubject,
    intro: fill(CUSTOMER.bookingIntro, { firstName: firstNameOf(body.fullName) }),
    rows: [
      [ROWS.offer, body.specialOffer],
      [ROWS.address, `${body.streetAddress}, ${body.city} ${body.zipCode}`],
      [ROWS.phone, body.phone],
    ],
    steps: CUSTOMER.bookingNextSteps,
  })

export const contactConfirmation = (body: ContactMessage, reference: string) =>
  confirmation("contact", reference, {
    subject: fill(CUSTOMER.contactSubject, { reference }),
    intro: fill(CUSTOMER.contactIntro, { firstName: excerpt(firstNameOf(body.name)) }),
    rows: [
      [ROWS.message, excerpt(body.message)],
      [ROWS.phone, body.phone],
    ],
    steps: CUSTOMER.contactNextSteps,
  })

export const callbackConfirmation = (body: OfferCallback, reference: string) =>
  confirmation("callback", reference, {
    subject: fill(CUSTOMER.callbackSubject, { offer: excerpt(body.special_offer) }),
    intro: fill(CUSTOMER.callbackIntro, { firstName: excerpt(firstNameOf(body.full_name)) }),
    rows: [
      [ROWS.offer, excerpt(body.special_offer)],
      [ROWS.address, excerpt([body.street_address, body.city, body.zip_code].filter(Boolean).join(", "))],
      [ROWS.phone, body.phone],
      [ROWS.notes, excerpt(body.notes)],
    ],
    steps: CUSTOMER.callbackNextSteps,
  })

export { firstNameOf }
