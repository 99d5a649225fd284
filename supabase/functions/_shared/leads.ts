/**
 * What each public function stores, inside the request's transaction: the
 * message or lead row and its outbox jobs. A wizard submission's three calls
 * share one submissionId, so they share one lead row and one company e-mail.
 */
import type { BackendConfig } from "./config.ts"
import {
  simpleLeadKind,
  type ContactMessage,
  type EstimateLead,
  type EstimateRequest,
  type OfferBooking,
  type OfferCallback,
  type PublicFunctionName,
  type SimpleLead,
  type SuccessAnswer,
} from "./contract.ts"
import type { Db } from "./db.ts"
import { fill } from "./mail/escape.ts"
import { withSafeHeaders } from "./mail/layout.ts"
import {
  bookingConfirmation,
  companyNotification,
  estimateConfirmation,
  firstNameOf,
  type CompanyNotice,
} from "./mail/templates.ts"
import { enqueueJobs, type NewJob } from "./outbox.ts"
import type { SpamReason } from "./spam/bot-checks.ts"
import { ESTIMATE_OPTIONS, LEAD_MESSAGES } from "./site-data.generated.ts"

export interface RequestContext {
  config: BackendConfig
  userAgent: string | null
  ipHash: string | null
}

const RESPONSES = LEAD_MESSAGES.responses

/** The text each function answers with; also what a detected bot is told, so its answer cannot be told apart. */
export function successMessage(name: PublicFunctionName, body: unknown): string {
  switch (name) {
    case "process-contact":
      return fill(RESPONSES.contact, { firstName: firstNameOf((body as ContactMessage).name) })
    case "process-simple-lead":
      return { estimate: RESPONSES.estimateLead, booking: RESPONSES.booking, callback: RESPONSES.callback }[
        simpleLeadKind(body)
      ]
    case "process-estimate":
      return RESPONSES.estimateRequest
    case "send-estimate-confirmation":
      return fill(RESPONSES.estimateConfirmation, { email: (body as EstimateRequest).email })
  }
}

/**
 * A bot's submission: recorded in spam_attempts (no lead, no outbox job), answered exactly as a real
 * one would be. The wizard's three calls share one row, so they share one reference, as real ones do.
 */
export async function recordSpam(
  tx: Db,
  name: PublicFunctionName,
  body: { submissionId: string },
  reason: SpamReason,
  ctx: RequestContext,
): Promise<SuccessAnswer> {
  const { turnstileToken: _token, ...kept } = body as { submissionId: string; turnstileToken?: string }
  const [row] = await tx.query<{ id: string }>(
    `insert into spam_attempts (submission_id, function_name, reason, body, ip_hash, user_agent)
     values ($1, $2, $3, $4::text::jsonb, $5, $6)
     on conflict (submission_id) do update set hits = spam_attempts.hits + 1, updated_at = now()
     returning id`,
    [body.submissionId, name, reason, JSON.stringify(kept), ctx.ipHash, ctx.userAgent],
  )
  if (!row) throw new Error("the spam attempt was not recorded")
  const answer: SuccessAnswer = { success: true, message: successMessage(name, body), reference: row.id }
  return name === "process-contact" ? { ...answer, error: null } : answer
}

interface LeadColumns {
  kind: "estimate" | "booking" | "callback"
  source: string
  full_name: string
  first_name?: string
  last_name?: string
  phone: string
  email?: string
  street_address?: string
  city?: string
  state?: string
  zip_code?: string
  property_type?: string
  service_plan?: string
  pests?: readonly string[]
  additional_pests?: number
  same_day_service?: boolean
  quick_knock?: boolean
  account_id?: string
  special_offer?: string
  notes?: string
  utm_source?: string
  utm_campaign?: string
  utm_term?: string
}

async function upsertLead(tx: Db, submissionId: string, lead: LeadColumns, ctx: RequestContext): Promise<string> {
  const columns = {
    ...lead,
    pests: JSON.stringify(lead.pests ?? []),
    submission_id: submissionId,
    user_agent: ctx.userAgent,
    ip_hash: ctx.ipHash,
  }
  const names = Object.keys(columns)
  const values = Object.values(columns).map((v) => (v === undefined || v === "" ? null : v))
  const placeholders = names.map((name, i) => (name === "pests" ? `$${i + 1}::text::jsonb` : `$${i + 1}`))
  const [row] = await tx.query<{ id: string }>(
    `insert into leads (${names.join(", ")}) values (${placeholders.join(", ")})
     on conflict (submission_id) do update
       set account_id = coalesce(excluded.account_id, leads.account_id), updated_at = now()
     returning id`,
    values,
  )
  if (!row) throw new Error("the lead was not stored")
  return row.id
}

const estimateColumns = (b: EstimateLead | EstimateRequest): LeadColumns => ({
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

const bookingColumns = (b: OfferBooking): LeadColumns => ({
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

const callbackColumns = (b: OfferCallback): LeadColumns => ({
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

const toCompany = (ctx: RequestContext, notice: CompanyNotice, reference: string) =>
  withSafeHeaders({
    to: ctx.config.mail.companyTo,
    from: ctx.config.mail.from,
    ...companyNotification(notice, reference),
  })

/** The company's e-mail about a lead or message: one per submission, whichever call comes first. */
function companyJob(
  submissionId: string,
  notice: CompanyNotice,
  ids: { leadId?: string; contactMessageId?: string },
  ctx: RequestContext,
): NewJob {
  const reference = ids.leadId ?? ids.contactMessageId ?? submissionId
  return {
    kind: "company_email",
    dedupeKey: `${submissionId}:company_email`,
    ...ids,
    payload: toCompany(ctx, notice, reference),
  }
}

async function processContact(tx: Db, body: ContactMessage, ctx: RequestContext): Promise<SuccessAnswer> {
  const [row] = await tx.query<{ id: string }>(
    `insert into contact_messages (submission_id, name, email, phone, message, user_agent, ip_hash)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [body.submissionId, body.name, body.email, body.phone, body.message, ctx.userAgent, ctx.ipHash],
  )
  if (!row) throw new Error("the message was not stored")
  await enqueueJobs(tx, [companyJob(body.submissionId, { kind: "contact", body }, { contactMessageId: row.id }, ctx)])
  return { success: true, message: successMessage("process-contact", body), reference: row.id, error: null }
}

async function processSimpleLead(tx: Db, body: SimpleLead, ctx: RequestContext): Promise<SuccessAnswer> {
  switch (simpleLeadKind(body)) {
    case "estimate": {
      const lead = body as EstimateLead
      const leadId = await upsertLead(tx, lead.submissionId, estimateColumns(lead), ctx)
      await enqueueJobs(tx, [companyJob(lead.submissionId, { kind: "estimate", body: lead }, { leadId }, ctx)])
      return { success: true, message: successMessage("process-simple-lead", lead), reference: leadId }
    }
    case "booking": {
      const booking = body as OfferBooking
      const leadId = await upsertLead(tx, booking.submissionId, bookingColumns(booking), ctx)
      await enqueueJobs(tx, [
        companyJob(booking.submissionId, { kind: "booking", body: booking }, { leadId }, ctx),
        {
          kind: "customer_email",
          dedupeKey: `${booking.submissionId}:customer_email`,
          leadId,
          payload: withSafeHeaders({
            to: booking.email,
            from: ctx.config.mail.from,
            replyTo: ctx.config.mail.companyTo,
            ...bookingConfirmation(booking),
          }),
        },
      ])
      return { success: true, message: successMessage("process-simple-lead", booking), reference: leadId }
    }
    case "callback": {
      const callback = body as OfferCallback
      const leadId = await upsertLead(tx, callback.submissionId, callbackColumns(callback), ctx)
      await enqueueJobs(tx, [companyJob(callback.submissionId, { kind: "callback", body: callback }, { leadId }, ctx)])
      return { success: true, message: successMessage("process-simple-lead", callback), reference: leadId }
    }
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
  }
}

async function processEstimate(tx: Db, body: EstimateRequest, ctx: RequestContext): Promise<SuccessAnswer> {
  const leadId = await upsertLead(tx, body.submissionId, estimateColumns(body), ctx)
  await enqueueJobs(tx, [
    companyJob(body.submissionId, { kind: "estimate", body }, { leadId }, ctx),
    { kind: "crm_forward", dedupeKey: `${body.submissionId}:crm_forward`, leadId, payload: crmPayload(body, leadId) },
  ])
  return { success: true, message: successMessage("process-estimate", body), reference: leadId }
}

async function sendEstimateConfirmation(tx: Db, body: EstimateRequest, ctx: RequestContext): Promise<SuccessAnswer> {
  const leadId = await upsertLead(tx, body.submissionId, estimateColumns(body), ctx)
  await enqueueJobs(tx, [
    companyJob(body.submissionId, { kind: "estimate", body }, { leadId }, ctx),
    {
      kind: "customer_email",
      dedupeKey: `${body.submissionId}:customer_email`,
      leadId,
      payload: withSafeHeaders({
        to: body.email,
        from: ctx.config.mail.from,
        replyTo: ctx.config.mail.companyTo,
        ...estimateConfirmation(body),
      }),
    },
  ])
  return { success: true, message: successMessage("send-estimate-confirmation", body), reference: leadId }
}

type Handler = (tx: Db, body: never, ctx: RequestContext) => Promise<SuccessAnswer>

export const HANDLERS: Record<PublicFunctionName, Handler> = {
  "process-contact": processContact,
  "process-simple-lead": processSimpleLead,
  "process-estimate": processEstimate,
  "send-estimate-confirmation": sendEstimateConfirmation,
}
