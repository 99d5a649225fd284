/**
 * What each public function stores, inside the request's transaction: the
 * message or lead row and its outbox jobs. A wizard submission's three calls
 * share one submissionId, so they share one lead row and one company e-mail.
 */
import type { BackendConfig } from "./config.ts"
import type {
  ContactMessage,
  EstimateLead,
  EstimateRequest,
  OfferBooking,
  OfferCallback,
  PublicFunctionName,
  SimpleLeadSubmission,
  SuccessAnswer,
} from "./contract.ts"
import type { Db, SqlParam } from "./db.ts"
import { fill } from "./mail/escape.ts"
import { withSafeHeaders } from "./mail/layout.ts"
import {
  bookingConfirmation,
  companyNotification,
  estimateConfirmation,
  firstNameOf,
  type CompanyNotice,
} from "./mail/templates.ts"
import { acknowledgeUrl, startAlerts } from "./alerts/escalation.ts"
import { telUri, type AlertTarget } from "./alerts/subject.ts"
import { scheduleSpamDigest } from "./alerts/spam-review.ts"
import { enqueueJobs, type NewJob } from "./outbox.ts"
import type { SpamReason } from "./spam/bot-checks.ts"
import type { ContactMessageRow, LeadInsert, LeadRow, SpamAttemptRow } from "./rows.ts"
import { ORIGIN_COLUMNS, originColumns, type LeadOrigin } from "./lead-origin.ts"
import { ESTIMATE_OPTIONS, LEAD_MESSAGES } from "./site-data.generated.ts"
import type { LeadFlag } from "./lead-flags.ts"

export interface RequestContext {
  config: BackendConfig
  userAgent: string | null
  ipHash: string | null
  /** When the request was accepted: the office's alerts are routed by it (business hours). */
  now: Date
  /** What the checks before the body found worth the office's attention (origin, apikey, Turnstile): stored with the lead. */
  flags: readonly LeadFlag[]
}

/** What a function does with one valid body. */
export interface Intake {
  /** The answer for the stored lead or message; a detected bot gets the same one, with its spam record's id. */
  answer: (reference: string) => SuccessAnswer
  /** Stores the lead or message and its outbox jobs in the request's transaction; resolves to its reference. */
  store: (tx: Db, ctx: RequestContext) => Promise<string>
}

const RESPONSES = LEAD_MESSAGES.responses
const ALERTS = LEAD_MESSAGES.officeAlerts

/** The answer with this text, for the reference it is given. */
const answered =
  (message: string) =>
  (reference: string): SuccessAnswer => ({ success: true, message, reference })

/**
 * A bot's submission: recorded in spam_attempts (no lead, no outbox job), answered exactly as a real
 * one would be. The wizard's three calls share one row, so they share one reference, as real ones do.
 */
export async function recordSpam(
  tx: Db,
  name: PublicFunctionName,
  { turnstileToken: _token, ...kept }: { submissionId: string; turnstileToken?: string },
  reason: SpamReason,
  ctx: RequestContext,
): Promise<string> {
  // Each call's body is kept by function (the wizard's three share the record), so "Not spam" can replay them all.
  const [row] = await tx.query<Pick<SpamAttemptRow, "id">>(
    `insert into spam_attempts (submission_id, function_name, reason, body, calls, ip_hash, user_agent)
     values ($1, $2, $3, $4::text::jsonb, jsonb_build_object($2::text, $4::text::jsonb), $5, $6)
     on conflict (submission_id) do update
       set hits = spam_attempts.hits + 1, calls = spam_attempts.calls || excluded.calls, updated_at = now()
     returning id`,
    [kept.submissionId, name, reason, JSON.stringify(kept), ctx.ipHash, ctx.userAgent],
  )
  if (!row) throw new Error("the spam attempt was not recorded")
  await scheduleSpamDigest(tx, ctx.now)
  return row.id
}

/** Columns sent as JSON text and cast, one way for PGlite and postgres.js alike. */
const JSON_COLUMNS: ReadonlySet<string> = new Set(["pests", "attribution"])
const placeholder = (name: string, n: number) => (JSON_COLUMNS.has(name) ? `$${n}::text::jsonb` : `$${n}`)

/** The origin columns a later call of a wizard submission fills only where an earlier one left nothing. */
const KEEP_EARLIER = ORIGIN_COLUMNS.map((name) => `${name} = coalesce(leads.${name}, excluded.${name})`).join(", ")

async function upsertLead(
  tx: Db,
  submissionId: string,
  lead: LeadInsert,
  origin: LeadOrigin,
  ctx: RequestContext,
): Promise<string> {
  const columns: Record<string, SqlParam | undefined> = {
    ...lead,
    pests: JSON.stringify(lead.pests ?? []),
    ...originColumns(origin),
    submission_id: submissionId,
    user_agent: ctx.userAgent,
    ip_hash: ctx.ipHash,
  }
  const names = Object.keys(columns)
  const values = Object.values(columns).map((v) => (v === undefined || v === "" ? null : v))
  const placeholders = names.map((name, i) => placeholder(name, i + 1))
  // A wizard submission's calls share the row: the first call that carries the origin fills it, none erases it.
  const [row] = await tx.query<Pick<LeadRow, "id">>(
    `insert into leads (${names.join(", ")}) values (${placeholders.join(", ")})
     on conflict (submission_id) do update
       set account_id = coalesce(excluded.account_id, leads.account_id), ${KEEP_EARLIER}, updated_at = now()
     returning id`,
    values,
  )
  if (!row) throw new Error("the lead was not stored")
  return row.id
}

const estimateColumns = (b: EstimateLead | EstimateRequest): LeadInsert => ({
  kind: "estimate",
  source: "website_estimate",
  full_name: b.fullName,
  first_name: b.firstName,
  last_name: b.lastName,
  phone: b.phone,
  email: b.email,
  street_address: b.streetAddress,
  city: b.city,
  state: b.state.toUpperCase(),
  zip_code: b.zipCode,
  property_type: b.propertyType,
  service_plan: b.servicePlan,
  pests: b.pests,
  additional_pests: b.additionalPests,
  same_day_service: b.sameDayService,
  quick_knock: b.quickKnock,
  account_id: "accountId" in b ? b.accountId : undefined,
})

const bookingColumns = (b: OfferBooking): LeadInsert => ({
  kind: "booking",
  source: "scarsdale_49_offer",
  full_name: b.fullName,
  phone: b.phone,
  email: b.email,
  street_address: b.streetAddress,
  city: b.city,
  zip_code: b.zipCode,
  special_offer: b.specialOffer,
})

const callbackColumns = (b: OfferCallback): LeadInsert => ({
  kind: "callback",
  source: "offer_callback",
  full_name: b.full_name,
  phone: b.phone,
  email: b.email,
  street_address: b.street_address,
  city: b.city,
  zip_code: b.zip_code,
  property_type: b.property_type,
  service_plan: b.service_plan,
  pests: b.pests,
  special_offer: b.special_offer,
  notes: b.notes,
  utm_source: b.utm_source,
  utm_campaign: b.utm_campaign,
  utm_term: b.utm_term,
})

/**
 * The company's e-mail about a lead or message: one per submission, whichever call comes first. It is
 * the office inbox's alert too: its "I'm on it" link acknowledges the lead, and its delivery counts as
 * the office alerted.
 */
function companyJob(submissionId: string, notice: CompanyNotice, target: AlertTarget, ctx: RequestContext): NewJob {
  const { alerts, mail } = ctx.config
  const actions = [
    { label: ALERTS.acknowledgeLabel, href: acknowledgeUrl(alerts, target, ALERTS.inboxName, ctx.now) },
    { label: fill(ALERTS.callLabel, { name: noticeName(notice) }), href: telUri(notice.body.phone) },
  ]
  return {
    kind: "company_email",
    dedupeKey: `${submissionId}:company_email`,
    ...(target.record === "lead" ? { leadId: target.id } : { contactMessageId: target.id }),
    payload: {
      ...withSafeHeaders({ to: mail.companyTo, from: mail.from, ...companyNotification(notice, target.id, actions) }),
      targets: [target],
    },
  }
}

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

/** The JSON the CRM receives for an estimate. */
export function crmPayload(body: EstimateRequest, leadId: string) {
  return {
    event: "estimate.requested",
    reference: leadId,
    submissionId: body.submissionId,
    accountId: body.accountId,
    source: "website_estimate",
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
    // As the contract has them; null for a lead sent before the forms carried them.
    attribution: body.attribution ?? null,
    consent: body.consent ?? null,
  }
}

export const contactIntake = (body: ContactMessage): Intake => ({
  // SPEC §7: the contact form reads `error` too.
  answer: (reference) => ({
    success: true,
    message: fill(RESPONSES.contact, { firstName: firstNameOf(body.name) }),
    reference,
    error: null,
  }),
  store: async (tx, ctx) => {
    const origin = originColumns(body)
    const [row] = await tx.query<Pick<ContactMessageRow, "id">>(
      `insert into contact_messages (submission_id, name, email, phone, message, user_agent, ip_hash, ${ORIGIN_COLUMNS.join(", ")})
       values ($1, $2, $3, $4, $5, $6, $7, ${ORIGIN_COLUMNS.map((name, i) => placeholder(name, i + 8)).join(", ")}) returning id`,
      [
        body.submissionId,
        body.name,
        body.email,
        body.phone,
        body.message,
        ctx.userAgent,
        ctx.ipHash,
        ...ORIGIN_COLUMNS.map((name) => origin[name]),
      ],
    )
    if (!row) throw new Error("the message was not stored")
    await enqueueJobs(
      tx,
      [companyJob(body.submissionId, { kind: "contact", body }, { record: "message", id: row.id }, ctx)],
      ctx.now,
    )
    await startAlerts(tx, { record: "message", id: row.id }, ctx.now, ctx.config.alerts)
    return row.id
  },
})

/** The e-mail confirming a booking or an estimate to the visitor. */
const customerJob = (
  submissionId: string,
  leadId: string,
  to: string,
  content: { subject: string; html: string; text: string },
  ctx: RequestContext,
): NewJob => ({
  kind: "customer_email",
  dedupeKey: `${submissionId}:customer_email`,
  leadId,
  payload: withSafeHeaders({ to, from: ctx.config.mail.from, replyTo: ctx.config.mail.companyTo, ...content }),
})

/**
 * A lead's intake: answered with `message`; stores the lead row (a later wizard call finds the same one) with the
 * company's notice and the jobs `more` builds from the lead's id, in one transaction.
 */
function storedLead(
  message: string,
  notice: CompanyNotice,
  columns: LeadInsert,
  more: (leadId: string, ctx: RequestContext) => NewJob[] = () => [],
): Intake {
  const { submissionId } = notice.body
  return {
    answer: answered(message),
    store: async (tx, ctx) => {
      const leadId = await upsertLead(tx, submissionId, columns, notice.body, ctx)
      await enqueueJobs(
        tx,
        [companyJob(submissionId, notice, { record: "lead", id: leadId }, ctx), ...more(leadId, ctx)],
        ctx.now,
      )
      // The wizard's later calls find the lead's alerts started (they are keyed by the lead).
      await startAlerts(tx, { record: "lead", id: leadId }, ctx.now, ctx.config.alerts)
      return leadId
    },
  }
}

/** process-simple-lead: the wizard's first call, the $49 booking or the offer callback, as its kind says. */
export function simpleLeadIntake(submission: SimpleLeadSubmission): Intake {
  switch (submission.kind) {
    case "estimate": {
      const { lead } = submission
      return storedLead(RESPONSES.estimateLead, { kind: "estimate", body: lead }, estimateColumns(lead))
    }
    case "booking": {
      const { lead } = submission
      return storedLead(RESPONSES.booking, { kind: "booking", body: lead }, bookingColumns(lead), (leadId, ctx) => [
        customerJob(lead.submissionId, leadId, lead.email, bookingConfirmation(lead), ctx),
      ])
    }
    case "callback": {
      const { lead } = submission
      return storedLead(RESPONSES.callback, { kind: "callback", body: lead }, callbackColumns(lead))
    }
  }
}

/** process-estimate: the wizard's second call, stored with the lead and forwarded to the CRM. */
export const estimateIntake = (body: EstimateRequest): Intake =>
  storedLead(RESPONSES.estimateRequest, { kind: "estimate", body }, estimateColumns(body), (leadId) => [
    { kind: "crm_forward", dedupeKey: `${body.submissionId}:crm_forward`, leadId, payload: crmPayload(body, leadId) },
  ])

/** send-estimate-confirmation: the wizard's third call, which e-mails the visitor their estimate. */
export const estimateConfirmationIntake = (body: EstimateRequest): Intake =>
  storedLead(
    fill(RESPONSES.estimateConfirmation, { email: body.email }),
    { kind: "estimate", body },
    estimateColumns(body),
    (leadId, ctx) => [customerJob(body.submissionId, leadId, body.email, estimateConfirmation(body), ctx)],
  )
