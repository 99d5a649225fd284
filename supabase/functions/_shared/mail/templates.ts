/**
 * The e-mails the outbox sends: the company's notification of every lead and message (in English, saying
 * which language the visitor used when it is another), and the visitor's confirmation of each in their own
 * language (with its reference and the form's promise, data/response-promises.yaml).
 */
import type { ContactMessage, EstimateRequest, OfferBooking, OfferCallback, EstimateLead } from "../kernel/contract.ts"
import { DEFAULT_LANGUAGE, languageOf, type Language } from "../kernel/languages.ts"
import {
  COMPANY,
  CUSTOMER_TEXTS,
  ESTIMATE_OPTIONS,
  LEAD_MESSAGES,
  type CustomerTexts,
} from "../kernel/site-data.generated.ts"
import { asciiEmailAddress } from "../kernel/email-address.ts"
import { parsePhone, readablePhone } from "../phone-number.ts"
import { fill } from "../kernel/escape.ts"
import { formatAddress } from "../kernel/address.ts"
import type { LeadFlag } from "../intake/lead-flags.ts"
import { officeWhen } from "../alerts/office-hours.ts"
import { promiseFor, waitedText, type LeadPromise } from "../alerts/promise.ts"
import { windowSections, type NoticeWindow } from "../appointments/notice-windows.ts"
import type { PreferredWindow } from "../appointments/preferences.ts"
import { windowLabel } from "../appointments/window-label.ts"
import { renderEmail, type EmailSection } from "./layout.ts"
import { originSections, type ConsentReceipt } from "./origin.ts"
import { shownRows } from "../requests/shown-fields.ts"

export type LeadKind = keyof typeof LEAD_MESSAGES.companyEmail.kindLabels

/** Every row's label is data (lead-messages.yaml `emailRows`), like the rest of the e-mails' words; the office's are English. */
const ROWS = LEAD_MESSAGES.emailRows

/** A label by the value the form sent (an id, a pest's English label); a value the data does not know as sent. */
const labelOf = (labels: Readonly<Record<string, string>>, value: string | number) =>
  Object.hasOwn(labels, value) ? (labels[value] ?? String(value)) : String(value)
const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName

/** The language a body asks for ("es", "es-MX"; none or an unknown code: English). */
export const languageOfBody = (body: { language?: string | undefined }): Language => languageOf(body.language)

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

/**
 * The estimate summary shown to the customer (in their language) and the company (in English) alike: each
 * choice by the label of the value the form sent, a pest by its name in the language.
 */
export function estimateRows(e: EstimateFields, language: Language = DEFAULT_LANGUAGE): Array<[string, string]> {
  const { messages, options, pests } = CUSTOMER_TEXTS[language]
  const rows = messages.emailRows
  const yesNo = (value: boolean, note: string) => (value ? fill(rows.yes, { note }) : rows.no)
  return [
    [rows.property, labelOf(options.propertyTypes, e.propertyType)],
    [rows.servicePlan, labelOf(options.servicePlans, e.servicePlan)],
    [rows.pests, e.pests.map((pest) => labelOf(pests, pest)).join(", ")],
    [rows.additionalPests, labelOf(options.additionalPests, e.additionalPests)],
    [options.sameDay.label, yesNo(e.sameDayService, options.sameDay.priceNote)],
    [options.quickKnock.label, yesNo(e.quickKnock, options.quickKnock.priceNote)],
    [rows.address, formatAddress({ street: e.streetAddress, city: e.city, state: e.state, zip: e.zipCode })],
  ]
}

/** The offers' forms ask no state: every town an offer serves is in the company's. */
const bookingAddress = (b: Pick<OfferBooking, "streetAddress" | "city" | "zipCode">) =>
  formatAddress({ street: b.streetAddress, city: b.city, state: COMPANY.address.region, zip: b.zipCode })
const callbackAddress = (b: Pick<OfferCallback, "street_address" | "city" | "zip_code">) =>
  formatAddress({ street: b.street_address, city: b.city, state: COMPANY.address.region, zip: b.zip_code })

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
  // The number as read ("(914) 555-0100 ext. 123", "+53 5 1234567"); one that could not be read, as typed (and flagged).
  const number = readablePhone(parsePhone(phone))
  return { name, replyTo: email, rows: [[ROWS.name, name], [ROWS.phone, number], ...emailRow, ...rows] }
}

function noticeRows(notice: CompanyNotice): NoticeContent {
  switch (notice.kind) {
    case "contact": {
      const b = notice.body
      return fromSender(b.name, b.phone, b.email, shownRows("contact", "notice", b))
    }
    case "estimate": {
      const b = notice.body
      return fromSender(b.fullName, b.phone, b.email, [...estimateRows(b), ...shownRows("estimate", "notice", b)])
    }
    case "booking": {
      const b = notice.body
      return fromSender(b.fullName, b.phone, b.email, [
        [ROWS.address, bookingAddress(b)],
        [ROWS.offer, b.specialOffer],
        ...shownRows("booking", "notice", b),
      ])
    }
    case "callback": {
      const b = notice.body
      return fromSender(b.full_name, b.phone, b.email || undefined, [
        [ROWS.address, callbackAddress(b)],
        [ROWS.offer, b.special_offer],
        ...shownRows("callback", "notice", b),
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
const LANGUAGE_NAMES = LEAD_MESSAGES.officeAlerts.languageNames

/**
 * What the office is told of a visitor who used the site in another language than English: the sentence that
 * opens the notice and its row. Nothing for English.
 */
function languageNote(language: Language): { note: string; rows: Row[] } {
  if (language === DEFAULT_LANGUAGE) return { note: "", rows: [] }
  const name = LANGUAGE_NAMES[language]
  return {
    note: fill(LEAD_MESSAGES.companyEmail.prefersLanguage, { language: name }),
    rows: [[LEAD_MESSAGES.companyEmail.languageRow, name]],
  }
}

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
  const language = languageNote(languageOfBody(notice.body))
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
  // Its domain goes in ASCII (`ana@xn--bcher-kva.de`), the form every mail system takes.
  const replyAddress = replyTo ? asciiEmailAddress(replyTo) : null
  return {
    ...(replyAddress ? { replyTo: replyAddress } : {}),
    ...renderEmail({
      // The office reads its notices in the default language, whatever the visitor's.
      language: DEFAULT_LANGUAGE,
      subject,
      heading: subject,
      intro: [language.note, releasedNote, fill(messages.intro, { promise: promise.text, deadline })]
        .filter(Boolean)
        .join(" "),
      actions,
      rows: [
        ...rows,
        ...language.rows,
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

/**
 * A confirmation to the visitor, in their language: its subject as heading, their rows, the reference and
 * promise, our next steps, and the sign-off with the phone and the hours.
 */
const confirmation = (
  kind: LeadKind,
  reference: string,
  language: Language,
  content: (texts: CustomerTexts) => {
    subject: string
    intro: string
    rows: Row[]
    sections?: EmailSection[]
    steps: readonly string[]
  },
) => {
  const texts = CUSTOMER_TEXTS[language]
  const { customerEmail, emailRows } = texts.messages
  const { subject, intro, rows, sections, steps } = content(texts)
  return renderEmail({
    language,
    subject,
    heading: subject,
    intro: `${intro} ${fill(customerEmail.referenceNote, { reference })}`,
    rows: [...rows, [emailRows.reference, reference], [emailRows.promised, texts.promises[kind]]],
    sections,
    steps: steps.map((step) => fill(step, { phone: COMPANY.phone.display })),
    signOff: fill(customerEmail.signOff, { phone: COMPANY.phone.display, hours: texts.hoursText }),
  })
}

/**
 * The estimate's pricing as the data fixes it, in the visitor's language: the plan is priced for each home, each
 * option chosen moves that price by its note (same-day +$75, quick knock-down −$50), other pests and the pests that
 * need special treatment are priced apart, and the estimate holds for the options' validity.
 */
export function estimatePricing(
  e: Pick<EstimateRequest, "servicePlan" | "pests" | "additionalPests" | "sameDayService" | "quickKnock">,
  language: Language = DEFAULT_LANGUAGE,
): EmailSection {
  const { messages, options, pests } = CUSTOMER_TEXTS[language]
  const words = messages.customerEmail.estimatePricing
  const option = (chosen: boolean, { label, priceNote }: { label: string; priceNote: string }): Row[] =>
    chosen ? [[label, fill(words.option, { priceNote })]] : []
  const special = e.pests.filter((pest) => ESTIMATE_OPTIONS.specialTreatmentPests.some((name) => name === pest))
  return {
    heading: words.heading,
    level: 2,
    note: words.note,
    rows: [
      [labelOf(options.servicePlans, e.servicePlan), words.plan],
      ...option(e.sameDayService, options.sameDay),
      ...option(e.quickKnock, options.quickKnock),
      ...(e.additionalPests > 0
        ? [
            [
              messages.emailRows.additionalPests,
              fill(words.additionalPests, { count: labelOf(options.additionalPests, e.additionalPests) }),
            ] satisfies Row,
          ]
        : []),
      ...(special.length > 0
        ? [[special.map((pest) => labelOf(pests, pest)).join(", "), words.specialTreatment] satisfies Row]
        : []),
      [words.validityLabel, fill(words.validity, { validityHours: String(ESTIMATE_OPTIONS.validityHours) })],
    ],
  }
}

/** The arrival windows the visitor asked for, each as it stood when the request came (a taken one said so); or the call. */
export function estimateWindows(
  windows: readonly PreferredWindow[],
  language: Language = DEFAULT_LANGUAGE,
): EmailSection {
  const words = CUSTOMER_TEXTS[language].messages.customerEmail.estimateWindows
  const shown = windows.map(({ id, startsAt, endsAt, unavailable }): Row => {
    // A window the calendar does not know (a page from before a change) is named by its id, and is not free.
    const window = startsAt && endsAt ? windowLabel({ startsAt, endsAt }, language) : id
    return [words.rowLabel, unavailable ? fill(words.taken, { window }) : window]
  })
  return shown.length === 0
    ? { heading: words.heading, level: 2, rows: [[words.rowLabel, words.none]] }
    : { heading: words.heading, level: 2, note: words.note, rows: shown }
}

export const estimateConfirmation = (
  body: EstimateRequest,
  reference: string,
  windows: readonly PreferredWindow[] = [],
) =>
  confirmation("estimate", reference, languageOfBody(body), ({ messages }) => ({
    subject: messages.customerEmail.estimateSubject,
    intro: fill(messages.customerEmail.estimateIntro, { firstName: body.firstName }),
    rows: [
      ...estimateRows(body, languageOfBody(body)),
      ...shownRows("estimate", "confirmation", body, languageOfBody(body)).map(([label, value]): Row => [
        label,
        excerpt(value),
      ]),
    ],
    sections: [estimatePricing(body, languageOfBody(body)), estimateWindows(windows, languageOfBody(body))],
    steps: messages.customerEmail.estimateNextSteps,
  }))

/**
 * What a booking's texts say of its arrival window (appointments/hold.ts): the label of the window held for it,
 * in the visitor's language, or none held (`taken`: the one picked was just taken).
 */
export type BookingWindowTexts = { held: string } | { held: null; taken: boolean }

/** "Booked" only with a window held; else the price is reserved and the time chosen on the call. */
/** `note`: what the answer added (an address outside the offer's towns: kernel/offer-towns.ts), after the intro. */
export const bookingConfirmation = (body: OfferBooking, reference: string, window: BookingWindowTexts, note = "") =>
  confirmation(
    "booking",
    reference,
    languageOfBody(body),
    ({ messages: { customerEmail, emailRows, appointments } }) => {
      const firstName = firstNameOf(body.fullName)
      const rows: Row[] = [
        [emailRows.offer, body.specialOffer],
        ...(window.held === null ? [] : [[appointments.rows.when, window.held] satisfies Row]),
        [emailRows.address, bookingAddress(body)],
        [emailRows.phone, body.phone],
        ...shownRows("booking", "confirmation", body, languageOfBody(body)).map(([label, value]): Row => [
          label,
          excerpt(value),
        ]),
      ]
      if (window.held !== null)
        return {
          subject: fill(customerEmail.bookingSubject, { window: window.held }),
          intro: [fill(customerEmail.bookingIntro, { firstName, window: window.held }), note].filter(Boolean).join(" "),
          rows,
          steps: customerEmail.bookingNextSteps,
        }
      return {
        subject: customerEmail.bookingCallSubject,
        intro: [
          fill(customerEmail.bookingCallIntro, { firstName }),
          window.taken ? customerEmail.bookingTakenNote : "",
          note,
        ]
          .filter(Boolean)
          .join(" "),
        rows,
        steps: customerEmail.bookingCallNextSteps,
      }
    },
  )

export const contactConfirmation = (body: ContactMessage, reference: string) =>
  confirmation("contact", reference, languageOfBody(body), ({ messages: { customerEmail, emailRows } }) => ({
    subject: fill(customerEmail.contactSubject, { reference }),
    intro: fill(customerEmail.contactIntro, { firstName: excerpt(firstNameOf(body.name)) }),
    rows: [
      ...shownRows("contact", "confirmation", body, languageOfBody(body)).map(([label, value]): Row => [
        label,
        excerpt(value),
      ]),
      [emailRows.phone, body.phone],
    ],
    steps: customerEmail.contactNextSteps,
  }))

export const callbackConfirmation = (body: OfferCallback, reference: string, note = "") =>
  confirmation("callback", reference, languageOfBody(body), ({ messages: { customerEmail, emailRows } }) => ({
    subject: fill(customerEmail.callbackSubject, { offer: excerpt(body.special_offer) }),
    intro: [fill(customerEmail.callbackIntro, { firstName: excerpt(firstNameOf(body.full_name)) }), note]
      .filter(Boolean)
      .join(" "),
    rows: [
      [emailRows.offer, excerpt(body.special_offer)],
      [emailRows.address, excerpt(callbackAddress(body))],
      [emailRows.phone, body.phone],
      ...shownRows("callback", "confirmation", body, languageOfBody(body)).map(([label, value]): Row => [
        label,
        excerpt(value),
      ]),
    ],
    steps: customerEmail.callbackNextSteps,
  }))

export { firstNameOf }
