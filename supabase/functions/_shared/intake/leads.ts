/**
 * What each public function stores, inside the request's transaction: the
 * message or lead row and its outbox jobs. A wizard submission's three calls
 * share one submissionId, so they share one lead row and one company e-mail.
 */
import type { BackendConfig } from "../config.ts"
import type {
  ContactMessage,
  EstimateLead,
  EstimateRequest,
  OfferBooking,
  OfferCallback,
  PublicFunctionName,
  SimpleLeadSubmission,
  SubmissionFields,
  SuccessAnswer,
} from "../kernel/contract.ts"
import type { Db, SqlParam } from "../db.ts"
import { fill } from "../kernel/escape.ts"
import { withSafeHeaders } from "../mail/layout.ts"
import {
  bookingConfirmation,
  callbackConfirmation,
  companyNotification,
  contactConfirmation,
  estimateConfirmation,
  firstNameOf,
  languageOfBody,
  type CompanyNotice,
  type LeadKind,
  type NoticeReceipt,
  type ReleasedFromSpam,
} from "../mail/templates.ts"
import { bookingSms, confirmationSms } from "../mail/confirmation-sms.ts"
import { promiseFor } from "../alerts/promise.ts"
import { noticeWindows } from "../appointments/notice-windows.ts"
import { keepPreferredWindows, type PreferredWindow } from "../appointments/preferences.ts"
import { holdOf, holdWindow, type HoldResult } from "../appointments/hold.ts"
import { windowLabel } from "../appointments/window-label.ts"
import { referenceFor } from "../kernel/reference.ts"
import { startAlerts } from "../alerts/escalation.ts"
import { acknowledgeUrl } from "../office-links/signed-link.ts"
import {
  jobOwner,
  leadSubject,
  messageSubject,
  SUBJECT_COLUMNS,
  type AlertRecord,
  type AlertTarget,
  type LeadSubjectRow,
  type MessageSubjectRow,
} from "../alerts/subject.ts"
import { parsePhone, phoneFlags, telUri, textableNumber } from "../phone-number.ts"
import { emailFlags, sendableAddress } from "../email-recipient.ts"
import { isEmailAddress } from "../kernel/email-address.ts"
import { scheduleSpamDigest } from "../spam/spam-review.ts"
import type { NewJob } from "../outbox/queue.ts"
import type { SpamReason } from "../spam/bot-checks.ts"
import { storeSpam, type SpamCallContext } from "../spam/spam-store.ts"
import type { LeadInsert, LeadRow } from "../rows.ts"
import { ORIGIN_COLUMNS, originColumns, type LeadOrigin } from "./lead-origin.ts"
import { CUSTOMER_TEXTS, ESTIMATE_OPTIONS, LEAD_MESSAGES, type CustomerTexts } from "../kernel/site-data.generated.ts"
import type { Language } from "../kernel/languages.ts"
import { MAX_FLAGS, mergeFlags, type LeadFlag } from "./lead-flags.ts"
import { bodyFlags, type FlaggableBody } from "./body-flags.ts"
import type { ClientAddress } from "../spam/client-ip.ts"
import { withinCustomerBudget } from "../spam/customer-budget.ts"
import { RECEIVED, type Tolerated } from "./received-shape.ts"
import { claimReference } from "./reference-claim.ts"
import { detailsOf, forwardedFields, REQUEST_KINDS, type DeclaredKind } from "../requests/shown-fields.ts"
import { declaredFields } from "../kernel/request-fields.ts"
import {
  bookingOutside,
  callbackOutside,
  outsideOfferFlag,
  outsideOfferNote,
  type OutsideOffer,
} from "../kernel/offer-towns.ts"

/** A request as what it stores sees it: spam-store.ts' part (its settings, who sent it, when) and more. */
export interface RequestContext extends SpamCallContext {
  config: BackendConfig
  /** What the checks before the body found worth the office's attention (origin, apikey, Turnstile): stored with the lead. */
  flags: readonly LeadFlag[]
  /** Set when the office releases a submission filed as spam: when the visitor sent it, and why it was filed. */
  released?: ReleasedFromSpam
  /** The request's address and networks, for the customer messages' budget (none: the office's own request). */
  client?: Pick<ClientAddress, "key" | "networks"> | null
}

/**
 * The visitor's confirmations among `jobs`, within their budget (spam/customer-budget.ts): the jobs to
 * queue, and the stored row with a flag for each message held back (the office's notice shows it).
 */
async function budgeted(
  tx: Db,
  table: "leads" | "contact_messages",
  stored: StoredRecord,
  jobs: readonly NewJob[],
  ctx: RequestContext,
): Promise<{ stored: StoredRecord; jobs: NewJob[] }> {
  const verdict = await withinCustomerBudget(tx, jobs, {
    client: ctx.client ?? null,
    config: ctx.config,
    at: ctx.now,
    held: stored.flags,
  })
  if (verdict.flags.length === 0) return { stored, jobs: verdict.jobs }
  const flags = mergeFlags(stored.flags, verdict.flags)
  await tx.query(`update ${table} set flags = $2::text::jsonb where id = $1`, [stored.id, JSON.stringify(flags)])
  return { stored: { ...stored, flags }, jobs: verdict.jobs }
}

/** What a function does with one valid body. */
export interface Intake {
  /** The fields the checks before storing read (idempotency key, spam checks): a simple lead's own. */
  fields: SubmissionFields
  /** The answer for the stored lead or message; a detected bot gets the same one, with its spam record's id. */
  answer: (reference: string) => SuccessAnswer
  /**
   * Stores the lead or message and its outbox jobs in the request's transaction; resolves to its reference (WEB…)
   * and the answer for what was stored (which may differ from `answer`'s: a confirmation held back is not promised).
   */
  store: (tx: Db, ctx: RequestContext) => Promise<Stored>
}

/** What storing a request came to: its reference and the answer that is true of it. */
export interface Stored {
  reference: string
  answer: SuccessAnswer
}

const ALERTS = LEAD_MESSAGES.officeAlerts

/** The functions' answers to a visitor, in the language their body asks for. */
const responsesIn = (body: { language?: string | undefined }) => CUSTOMER_TEXTS[languageOfBody(body)].messages.responses

/** The answer with this text, for the reference it is given. */
const answered =
  (message: string, held: HoldResult | null = null, outsideOffer = "") =>
  (reference: string): SuccessAnswer => ({
    success: true,
    message,
    reference,
    ...(held ? { booking: held.hold } : {}),
    ...(outsideOffer ? { outsideOffer } : {}),
  })

/**
 * A bot's submission: recorded in spam_attempts (no lead, no outbox job); resolves to its record's id. It is
 * answered exactly as a real one would be, with the reference its browser showed (spamReference).
 */
export async function recordSpam(
  tx: Db,
  name: PublicFunctionName,
  {
    turnstileToken: _token,
    ...kept
  }: { submissionId: string; turnstileToken?: string; reference?: string } & Tolerated,
  reason: SpamReason,
  ctx: RequestContext,
): Promise<string> {
  // The top-level fields the functions do not know go back in as sent, so "Not spam" replays them (and flags them
  // again); a value read as its fallback stays as read, and a nested one (consent.marketing) is not kept here.
  const unread = Object.entries(kept[RECEIVED]?.unread ?? {}).filter(([path]) => !/[.[]/.test(path) && !(path in kept))
  // Each call's body is kept once, within the address's daily budget (spam/spam-store.ts), so "Not spam" can replay it.
  const id = await storeSpam(tx, name, { ...kept, ...Object.fromEntries(unread) }, reason, ctx)
  await scheduleSpamDigest(tx, ctx.now)
  return id
}

/** The reference a bot's submission is answered with: the one a real one would get (the wizard's calls share it). */
export const spamReference = (body: { submissionId: string; reference?: string }) =>
  referenceFor(body.reference, body.submissionId)

/** Columns sent as JSON text and cast, one way for PGlite and postgres.js alike. */
const JSON_COLUMNS: ReadonlySet<string> = new Set(["pests", "attribution", "flags", "unread_fields", "details"])

/** A declared request's fields as columns (kernel/request-fields.ts): each with a column in it, the others as `details`. */
const declaredColumns = (kind: DeclaredKind, body: Readonly<Record<string, unknown>>): Record<string, SqlParam> => ({
  ...Object.fromEntries(
    declaredFields(REQUEST_KINDS[kind]).flatMap(([name, field]) => {
      const value = body[name]
      return field.column === undefined ? [] : [[field.column, typeof value === "string" ? value : null]]
    }),
  ),
  details: JSON.stringify(detailsOf(kind, body)),
})

/** Text columns a lead cannot store as null: a body read without them (validate.ts' fallback) stores them empty. */
const NOT_NULL_TEXT: ReadonlySet<string> = new Set(["kind", "source", "full_name", "phone"])

/** What the functions could not read of a body, as sent (received-shape.ts): kept with the row, as JSON text. */
const unreadOf = (body: FlaggableBody) => JSON.stringify(body[RECEIVED]?.unread ?? {})

/** Whether an address can take a confirmation: a body read without one (or with one the form would refuse) has none. */
const canMail = (email: string | undefined): email is string => email !== undefined && isEmailAddress(email)
const placeholder = (name: string, n: number) => (JSON_COLUMNS.has(name) ? `$${n}::text::jsonb` : `$${n}`)

/** The columns a later call of a wizard submission fills only where an earlier one left nothing: origin, reference. */
const KEEP_EARLIER = [...ORIGIN_COLUMNS, "reference", "sent_as_spam_at"]
  .map((name) => `${name} = coalesce(leads.${name}, excluded.${name})`)
  .join(", ")

/** A later call's unread values added to the row's (the earlier call's value of a path kept). */
const MERGE_UNREAD = "unread_fields = excluded.unread_fields || leads.unread_fields"

/**
 * The columns every request stores besides its own: the reference shown to the visitor (the body's proposal, or
 * another when it is taken: reference-claim.ts), and a release's time sent.
 */
const requestColumns = async (tx: Db, body: { reference?: string; submissionId: string }, ctx: RequestContext) => ({
  reference: await claimReference(tx, referenceFor(body.reference, body.submissionId), body.submissionId),
  sent_as_spam_at: ctx.released?.sentAt.toISOString(),
  // The request's own time (the functions' clock), which its promise and the board count from.
  created_at: ctx.now.toISOString(),
})

/** A later call's flags added to the row's: each once, the earlier first, at most MAX_FLAGS (lead-flags.ts' mergeFlags, in SQL). */
const MERGE_FLAGS = `flags = (select coalesce(jsonb_agg(f order by n), '[]'::jsonb) from (
  select f, min(n) as n from jsonb_array_elements(leads.flags || excluded.flags) with ordinality as e(f, n)
  group by f order by min(n) limit ${MAX_FLAGS}) merged)`

/**
 * What the stored lead or message row says after a call, for the office's notice and the CRM: its reference,
 * when it came in (or was sent, when released from spam), when consent was received, all the flags.
 */
export type StoredRecord = Pick<
  LeadRow,
  | "id"
  | "reference"
  | "created_at"
  | "sent_as_spam_at"
  | "consent_at"
  | "consent_client_at"
  | "sms_consent_at"
  | "sms_consent_client_at"
  | "flags"
>
const STORED_COLUMNS = [
  "id",
  "reference",
  "created_at",
  "sent_as_spam_at",
  "consent_at",
  "consent_client_at",
  "sms_consent_at",
  "sms_consent_client_at",
  "flags",
] as const satisfies ReadonlyArray<keyof StoredRecord>

/** What an insert returns: the stored record, and the columns its alerts are made from (alerts/subject.ts). */
const returning = (record: AlertRecord) => [...new Set([...STORED_COLUMNS, ...SUBJECT_COLUMNS[record]])].join(", ")

/** The reference the visitor was shown; a row from before references falls back to its id. */
const referenceOf = (stored: StoredRecord) => stored.reference ?? stored.id

/** How the visitor can be reached, as every body gives it. */
interface ContactDetails {
  phone: string
  email?: string
}

/** What the visitor's number and address earn (phone-number.ts, email-recipient.ts): unread, not texted, a typo… */
const contactFlags = (body: ContactDetails & FlaggableBody) => [
  ...phoneFlags(parsePhone(body.phone), body.consent?.sms !== undefined),
  ...emailFlags(body.email),
]

/** The flags a call stores: what the checks before the body found, then what the body itself earns. */
const flagsOf = (body: ContactDetails & FlaggableBody, ctx: RequestContext) =>
  mergeFlags(ctx.flags, bodyFlags(body, ctx.now), contactFlags(body))

/** The number as read, in the columns beside the typed one (null when it could not be read). */
const phoneColumns = (typed: string) => {
  const { e164, extension } = parsePhone(typed)
  return { phone_e164: e164, phone_extension: extension }
}

/**
 * A lead's own columns: named one by one for a kind not declared yet, from its declaration for one that is
 * (declaredColumns: a field's column, or the row's `details`).
 */
type LeadColumns = Pick<LeadInsert, "kind" | "source" | "language"> &
  Readonly<Partial<Record<string, SqlParam | readonly string[]>>>

async function upsertLead(
  tx: Db,
  submissionId: string,
  lead: LeadColumns,
  body: ContactDetails & FlaggableBody & LeadOrigin & { reference?: string; submissionId: string },
  ctx: RequestContext,
): Promise<StoredRecord & LeadSubjectRow & { inserted: boolean }> {
  const columns: Record<string, SqlParam | undefined> = {
    ...lead,
    ...phoneColumns(body.phone),
    ...(await requestColumns(tx, body, ctx)),
    unread_fields: unreadOf(body),
    pests: JSON.stringify(lead.pests ?? []),
    ...originColumns(body, ctx.now),
    flags: JSON.stringify(flagsOf(body, ctx)),
    submission_id: submissionId,
    user_agent: ctx.userAgent,
    ip_hash: ctx.ipHash,
  }
  const names = Object.keys(columns)
  const values = Object.entries(columns).map(([name, v]) =>
    v === undefined || (v === "" && !NOT_NULL_TEXT.has(name)) ? null : v,
  )
  const placeholders = names.map((name, i) => placeholder(name, i + 1))
  // A wizard submission's calls share the row: the first call that carries the origin fills it, none erases it.
  // xmax is 0 on a row this statement inserted: a wizard's first call, the one that starts the alerts.
  const [row] = await tx.query<StoredRecord & LeadSubjectRow & { inserted: boolean }>(
    `insert into leads (${names.join(", ")}) values (${placeholders.join(", ")})
     on conflict (submission_id) do update
       set account_id = coalesce(excluded.account_id, leads.account_id), ${KEEP_EARLIER}, ${MERGE_FLAGS}, ${MERGE_UNREAD}, updated_at = now()
     returning ${returning("lead")}, (xmax = 0) as inserted`,
    values,
  )
  if (!row) throw new Error("the lead was not stored")
  return row
}

const estimateColumns = (b: EstimateLead | EstimateRequest): LeadColumns => ({
  kind: "estimate",
  source: "website_estimate",
  // What the visitor typed at step 6 (kernel/estimate-request.ts), the state's letters upper-case; then the choices.
  ...declaredColumns("estimate", b),
  state: b.state.toUpperCase(),
  first_name: b.firstName,
  last_name: b.lastName,
  property_type: b.propertyType,
  service_plan: b.servicePlan,
  pests: b.pests,
  additional_pests: b.additionalPests,
  same_day_service: b.sameDayService,
  quick_knock: b.quickKnock,
  account_id: "accountId" in b ? b.accountId : undefined,
  language: languageOfBody(b),
})

const bookingColumns = (b: OfferBooking): LeadColumns => ({
  kind: "booking",
  source: "scarsdale_49_offer",
  // What the visitor filled in (kernel/booking-request.ts), then what the offer's page gives.
  ...declaredColumns("booking", b),
  city: b.city,
  zip_code: b.zipCode,
  special_offer: b.specialOffer,
  language: languageOfBody(b),
})

const callbackColumns = (b: OfferCallback): LeadColumns => ({
  kind: "callback",
  source: "offer_callback",
  // What the visitor filled in (kernel/callback-request.ts), then what the offer's page sends.
  ...declaredColumns("callback", b),
  email: b.email,
  zip_code: b.zip_code,
  property_type: b.property_type,
  service_plan: b.service_plan,
  pests: b.pests,
  special_offer: b.special_offer,
  utm_source: b.utm_source,
  utm_campaign: b.utm_campaign,
  utm_term: b.utm_term,
  language: languageOfBody(b),
})

/**
 * The company's e-mail about a lead or message: one per submission, whichever call comes first. It is
 * the office inbox's alert too: its "I'm on it" link acknowledges the lead, and its delivery counts as
 * the office alerted.
 */
function companyJob(
  submissionId: string,
  notice: CompanyNotice,
  target: AlertTarget,
  stored: StoredRecord,
  ctx: RequestContext,
  windows: readonly PreferredWindow[] = [],
  heldWindow?: string,
): NewJob {
  const { alerts, mail } = ctx.config
  const actions = [
    { label: ALERTS.acknowledgeLabel, href: acknowledgeUrl(alerts, target, ALERTS.inboxName, ctx.now) },
    // A number that could not be read gets no Call button (its notice says so): never a link to a number that does not exist.
    ...callAction(notice),
  ]
  return {
    kind: "company_email",
    dedupeKey: `${submissionId}:company_email`,
    ...jobOwner(target),
    payload: {
      ...withSafeHeaders({
        to: mail.companyTo,
        from: mail.from,
        ...companyNotification(notice, referenceOf(stored), actions, {
          ...receiptOf(notice.kind, stored, ctx),
          windows: noticeWindows(windows, alerts, target.id, ALERTS.inboxName, ctx.now, heldWindow),
        }),
      }),
      targets: [target],
    },
  }
}

/** The notice's Call button, to the number as read (`tel:+19145550100;ext=123`). */
const callAction = (notice: CompanyNotice) => {
  const href = telUri(parsePhone(notice.body.phone))
  return href ? [{ label: fill(ALERTS.callLabel, { name: noticeName(notice) }), href }] : []
}

const receiptOf = (kind: LeadKind, stored: StoredRecord, ctx: RequestContext): NoticeReceipt => ({
  consentAt: stored.consent_at,
  smsConsentAt: stored.sms_consent_at,
  flags: stored.flags,
  // Promised from when the visitor sent it: a released one has waited since then.
  promise: promiseFor(kind, stored.sent_as_spam_at ?? stored.created_at),
  ...(ctx.released ? { released: ctx.released } : {}),
  at: ctx.now,
})

const noticeName = (notice: CompanyNotice) => {
  switch (notice.kind) {
    case "contact":
      return notice.body.name
    case "callback":
      return notice.body.full_name
    default:
      return notice.body.fullName
  }
}

const isoOrNull = (time: Date | null) => time?.toISOString() ?? null

/**
 * The consent as the CRM receives it: each `at` is when the function received it (the server's clock),
 * `clientAt` the browser's own time when it can be right (else null: the lead is flagged instead).
 */
function crmConsent(consent: EstimateRequest["consent"], stored: StoredRecord) {
  if (!consent) return null
  const { sms } = consent
  return {
    version: consent.version,
    at: isoOrNull(stored.consent_at),
    clientAt: isoOrNull(stored.consent_client_at),
    ...(sms
      ? {
          sms: {
            version: sms.version,
            at: isoOrNull(stored.sms_consent_at),
            clientAt: isoOrNull(stored.sms_consent_client_at),
          },
        }
      : {}),
  }
}

/** The JSON the CRM receives for an estimate. */
export function crmPayload(body: EstimateRequest, stored: StoredRecord) {
  // The request's own fields its declaration forwards (kernel/estimate-request.ts): none today, so no key.
  const fields = forwardedFields("estimate", body)
  return {
    event: "estimate.requested",
    // The reference the visitor was shown (WEB…), and the lead's own id, which outcome events name too.
    reference: referenceOf(stored),
    leadId: stored.id,
    submissionId: body.submissionId,
    accountId: body.accountId,
    source: "website_estimate",
    // The language the visitor used the site in (kernel/languages.ts): call back and write in it.
    language: languageOfBody(body),
    customer: {
      firstName: body.firstName,
      lastName: body.lastName,
      fullName: body.fullName,
      phone: body.phone,
      email: body.email,
    },
    serviceAddress: {
      street: body.streetAddress,
      city: body.city,
      state: body.state.toUpperCase(),
      zipCode: body.zipCode,
    },
    estimate: {
      propertyType: body.propertyType,
      propertyTypeLabel:
        ESTIMATE_OPTIONS.propertyTypes.find((p) => p.id === body.propertyType)?.label ?? body.propertyType,
      servicePlan: body.servicePlan,
      servicePlanName: ESTIMATE_OPTIONS.servicePlans.find((p) => p.id === body.servicePlan)?.name ?? body.servicePlan,
      pests: body.pests,
      additionalPests: body.additionalPests,
      sameDayService: body.sameDayService,
      quickKnock: body.quickKnock,
    },
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
    // As the contract has them; null for a lead sent before the forms carried them.
    attribution: body.attribution ?? null,
    consent: crmConsent(body.consent, stored),
    // Why the office should look twice (lead-flags.ts): a value the functions do not know, a wrong clock, …
    flags: stored.flags,
  }
}

/** The contact form's answer. */
const contactAnswer =
  (body: ContactMessage) =>
  (reference: string): SuccessAnswer => ({
    success: true,
    message: fill(responsesIn(body).contact, { firstName: firstNameOf(body.name), reference }),
    reference,
    error: null,
  })

export const contactIntake = (body: ContactMessage): Intake => ({
  fields: body,
  answer: contactAnswer(body),
  store: async (tx, ctx) => {
    const columns: Record<string, SqlParam | undefined> = {
      submission_id: body.submissionId,
      // The declared fields (kernel/contact-request.ts): those with a column in it, the rest in `details`.
      ...declaredColumns("contact", body),
      user_agent: ctx.userAgent,
      ip_hash: ctx.ipHash,
      flags: JSON.stringify(flagsOf(body, ctx)),
      ...(await requestColumns(tx, body, ctx)),
      language: languageOfBody(body),
      ...phoneColumns(body.phone),
      unread_fields: unreadOf(body),
      ...originColumns(body, ctx.now),
    }
    const names = Object.keys(columns)
    const [stored] = await tx.query<StoredRecord & MessageSubjectRow>(
      `insert into contact_messages (${names.join(", ")})
       values (${names.map((name, i) => placeholder(name, i + 1)).join(", ")})
       returning ${returning("message")}`,
      Object.values(columns).map((value) => value ?? null),
    )
    if (!stored) throw new Error("the message was not stored")
    const target: AlertTarget = { record: "message", id: stored.id }
    const visitor = {
      submissionId: body.submissionId,
      target,
      stored,
      phone: body.phone,
      firstName: firstNameOf(body.name),
      language: languageOfBody(body),
      windows: [],
    }
    const visitorJobs = confirmations("contact", visitor, body.email, (ref) => contactConfirmation(body, ref), ctx)
    const sent = await budgeted(tx, "contact_messages", stored, visitorJobs, ctx)
    await startAlerts(tx, messageSubject(stored), ctx.now, ctx.config, [
      companyJob(body.submissionId, { kind: "contact", body }, target, sent.stored, ctx),
      ...sent.jobs,
    ])
    const storedReference = referenceOf(stored)
    return { reference: storedReference, answer: contactAnswer(body)(storedReference) }
  },
})

/** Who a confirmation goes to: the submission, its stored row, and the visitor's number, first name and language. */
interface Visitor {
  submissionId: string
  target: AlertTarget
  stored: StoredRecord
  phone: string
  firstName: string
  language: Language
  /** The arrival windows the visitor picked, as they stood when the request came (none: "call me to schedule"). */
  windows: readonly PreferredWindow[]
}

/**
 * The e-mail confirming a request to the visitor, once per submission: to the address as the e-mail API takes
 * it (its domain in ASCII); none when they gave none, or one it cannot send to (the lead is flagged).
 */
const customerJob = (
  { submissionId, target, stored }: Pick<Visitor, "submissionId" | "target" | "stored">,
  typed: string | undefined,
  content: (reference: string) => { subject: string; html: string; text: string },
  ctx: RequestContext,
): NewJob[] => {
  const to = sendableAddress(typed)
  if (!to) return []
  return [
    {
      kind: "customer_email",
      dedupeKey: `${submissionId}:customer_email`,
      ...jobOwner(target),
      payload: withSafeHeaders({
        to,
        from: ctx.config.mail.from,
        replyTo: ctx.config.mail.companyTo,
        ...content(referenceOf(stored)),
      }),
    },
  ]
}

/**
 * The SMS confirming a request, once per submission: only when the visitor ticked the SMS opt-in (its
 * receipt is stored) and gave a number the business texts (phone-number.ts' textableNumber; else the
 * lead is flagged with why).
 */
function customerSmsJob(kind: LeadKind, visitor: Visitor, text?: string): NewJob[] {
  const number = textableNumber(visitor.phone)
  if (!visitor.stored.sms_consent_at || !number.ok) return []
  const { to } = number
  return [
    {
      kind: "customer_sms",
      dedupeKey: `${visitor.submissionId}:customer_sms`,
      ...jobOwner(visitor.target),
      payload: {
        to,
        body: text ?? confirmationSms(kind, visitor.firstName, referenceOf(visitor.stored), visitor.language),
      },
    },
  ]
}

/** A request's confirmations to the visitor: an e-mail when they gave an address, an SMS when they opted in. */
const confirmations = (
  kind: LeadKind,
  visitor: Visitor,
  email: string | undefined,
  content: (reference: string) => { subject: string; html: string; text: string },
  ctx: RequestContext,
): NewJob[] => [...customerJob(visitor, email, content, ctx), ...customerSmsJob(kind, visitor)]

/** A booking's hold: taken now for a new lead; the one it kept for a later call of the same submission. */
async function heldFor(
  tx: Db,
  stored: { id: string; inserted: boolean },
  windows: readonly PreferredWindow[],
  at: Date,
): Promise<HoldResult> {
  if (stored.inserted) return holdWindow(tx, stored.id, windows, at)
  const kept = await holdOf(tx, stored.id)
  if (!kept) return { hold: { state: "call" } }
  const window = { id: kept.windowId, startsAt: kept.startsAt.toISOString(), endsAt: kept.endsAt.toISOString() }
  return { hold: { state: "held", window: window.id }, window }
}

/**
 * A lead's intake: answered with `message`; stores the lead row (a later wizard call finds the same one) with the
 * company's notice and the jobs `more` builds from the stored row, in one transaction.
 */
function storedLead(
  message: (responses: CustomerTexts["messages"]["responses"], emailHeld: boolean, held: HoldResult | null) => string,
  notice: Exclude<CompanyNotice, { kind: "contact" }>,
  columns: LeadColumns,
  more: (visitor: Visitor, ctx: RequestContext, held: HoldResult | null) => NewJob[] = () => [],
  { holds = false, outside = null }: { holds?: boolean; outside?: { offer: string; found: OutsideOffer } | null } = {},
): Intake {
  const { submissionId } = notice.body
  // An address outside the offer's towns: stored as always, flagged for the office, the visitor told what to have.
  const note = outsideOfferNote(outside?.found ?? null, languageOfBody(notice.body))
  const withNote = (text: string) => [text, note].filter(Boolean).join(" ")
  // Before anything is stored (a bot's answer, or a request filed for spam review), no window is held.
  const unheld: HoldResult | null = holds ? { hold: { state: "call" } } : null
  return {
    fields: notice.body,
    answer: answered(withNote(message(responsesIn(notice.body), false, unheld)), unheld, note),
    store: async (tx, received) => {
      const ctx = outside
        ? { ...received, flags: [...received.flags, outsideOfferFlag(outside.offer, outside.found)] }
        : received
      const stored = await upsertLead(tx, submissionId, columns, notice.body, ctx)
      // The arrival windows the visitor picked, kept as they stand now (none: "call me to schedule").
      const windows = await keepPreferredWindows(tx, stored.id, notice.body.preferredWindows ?? [], ctx.now)
      // A booking holds its window at once, in this transaction (a later call of the same submission keeps its hold).
      const held = holds ? await heldFor(tx, stored, windows, ctx.now) : null
      const target: AlertTarget = { record: "lead", id: stored.id }
      const visitor: Visitor = {
        submissionId,
        target,
        stored,
        phone: notice.body.phone,
        firstName: firstNameOf(notice.kind === "callback" ? notice.body.full_name : notice.body.fullName),
        language: languageOfBody(notice.body),
        windows,
      }
      // The lead's e-mails are queued with its first alert, in one statement. The wizard's later calls find the
      // lead's alerts started (the row was there), and its confirmations queued (keyed by submission).
      const visitorJobs = more(visitor, ctx, held)
      if (!visitorJobs.some((job) => job.kind === "customer_sms"))
        visitorJobs.unshift(...customerSmsJob(notice.kind, visitor))
      const sent = await budgeted(tx, "leads", stored, visitorJobs, ctx)
      await startAlerts(
        tx,
        { ...leadSubject(stored), windows },
        ctx.now,
        ctx.config,
        [companyJob(submissionId, notice, target, sent.stored, ctx, windows, held?.window?.id), ...sent.jobs],
        !stored.inserted,
      )
      // The visitor's e-mail held back by its budget is not promised: the answer says it was not sent.
      const emailHeld =
        visitorJobs.some((job) => job.kind === "customer_email") &&
        !sent.jobs.some((job) => job.kind === "customer_email")
      const reference = referenceOf(stored)
      return {
        reference,
        answer: answered(withNote(message(responsesIn(notice.body), emailHeld, held)), held, note)(reference),
      }
    },
  }
}

/** process-simple-lead: the wizard's first call, the $49 booking or the offer callback, as its kind says. */
export function simpleLeadIntake(submission: SimpleLeadSubmission): Intake {
  switch (submission.kind) {
    case "estimate": {
      const { lead } = submission
      return storedLead((r) => r.estimateLead, { kind: "estimate", body: lead }, estimateColumns(lead))
    }
    case "booking": {
      const { lead } = submission
      const language = languageOfBody(lead)
      const found = bookingOutside(lead.streetAddress)
      const note = outsideOfferNote(found, language)
      // The window held, in the visitor's words (null: none held).
      const heldLabel = (held: HoldResult | null) => (held?.window ? windowLabel(held.window, language) : null)
      return storedLead(
        (r, _emailHeld, held) => {
          const label = heldLabel(held)
          if (label !== null) return fill(r.booking, { window: label })
          return held?.hold.state === "taken" ? r.bookingTaken : r.bookingCall
        },
        { kind: "booking", body: lead },
        bookingColumns(lead),
        (visitor, ctx, held) => {
          const label = heldLabel(held)
          const texts = label === null ? { held: null, taken: held?.hold.state === "taken" } : { held: label }
          return [
            ...customerSmsJob(
              "booking",
              visitor,
              bookingSms(visitor.firstName, referenceOf(visitor.stored), label, language),
            ),
            ...customerJob(visitor, lead.email, (ref) => bookingConfirmation(lead, ref, texts, note), ctx),
          ]
        },
        { holds: true, outside: found && { offer: lead.specialOffer, found } },
      )
    }
    case "callback": {
      const { lead } = submission
      const found = callbackOutside(lead.special_offer, lead.city ?? "")
      const note = outsideOfferNote(found, languageOfBody(lead))
      return storedLead(
        (r) => r.callback,
        { kind: "callback", body: lead },
        callbackColumns(lead),
        // The callback's e-mail is optional: a confirmation only to an address that can take one.
        (visitor, ctx) => customerJob(visitor, lead.email, (ref) => callbackConfirmation(lead, ref, note), ctx),
        { outside: found && { offer: lead.special_offer, found } },
      )
    }
  }
}

/** process-estimate: the wizard's second call, stored with the lead and forwarded to the CRM. */
export const estimateIntake = (body: EstimateRequest): Intake =>
  storedLead(
    (r) => r.estimateRequest,
    { kind: "estimate", body },
    estimateColumns(body),
    ({ stored }) => [
      {
        kind: "crm_forward",
        dedupeKey: `${body.submissionId}:crm_forward`,
        leadId: stored.id,
        payload: crmPayload(body, stored),
      },
    ],
  )

/** send-estimate-confirmation: the wizard's third call, which e-mails the visitor their estimate. */
export const estimateConfirmationIntake = (body: EstimateRequest): Intake =>
  storedLead(
    // "We're e-mailing … to {email}" only when we can: an address the e-mail API cannot send to, or an e-mail
    // held back by the customer messages' budget, is told so; a body read without one (another site version) gets
    // the request's own answer.
    (r, emailHeld) =>
      sendableAddress(body.email) && !emailHeld
        ? fill(r.estimateConfirmation, { email: body.email })
        : canMail(body.email)
          ? fill(r.estimateNotEmailed, { email: body.email })
          : r.estimateRequest,
    { kind: "estimate", body },
    estimateColumns(body),
    (visitor, ctx) => customerJob(visitor, body.email, (ref) => estimateConfirmation(body, ref, visitor.windows), ctx),
  )
