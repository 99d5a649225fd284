/**
 * A request and its appointment as the confirmation and the reminder read them (appointments table):
 * the request's facts (locked while it is confirmed), what its confirmation needs of them, its appointment.
 */
import type { Db } from "../db.ts"
import { formatAddress } from "../kernel/address.ts"
import { COMPANY } from "../kernel/site-data.generated.ts"
import type { LeadRow } from "../rows.ts"
import type { Appointment, ConfirmedLead } from "./confirmation.ts"

export type LeadFacts = Pick<
  LeadRow,
  | "id"
  | "reference"
  | "full_name"
  | "email"
  | "phone"
  | "street_address"
  | "city"
  | "state"
  | "zip_code"
  | "sms_consent_at"
  | "preferred_windows"
  | "pests"
  | "language"
>

interface AppointmentRow {
  window_id: string
  starts_at: Date
  ends_at: Date
  confirmed_by: string
  confirmed_at: Date
}

const asAppointment = (row: AppointmentRow): Appointment => ({
  windowId: row.window_id,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  confirmedBy: row.confirmed_by,
  confirmedAt: row.confirmed_at,
})

/** The request as a confirmation or a reminder reads it; locked for the confirming transaction. */
export async function leadFacts(tx: Pick<Db, "query">, id: string, { lock = false } = {}): Promise<LeadFacts | null> {
  const [lead] = await tx.query<LeadFacts>(
    `select id, reference, full_name, email, phone, street_address, city, state, zip_code, sms_consent_at, preferred_windows, pests,
       language
     from leads where id = $1${lock ? " for update" : ""}`,
    [id],
  )
  return lead ?? null
}

export const confirmedLead = (lead: LeadFacts): ConfirmedLead => ({
  id: lead.id,
  reference: lead.reference ?? lead.id,
  fullName: lead.full_name,
  email: lead.email,
  phone: lead.phone,
  address: addressOf(lead),
  smsConsent: lead.sms_consent_at !== null,
  pests: lead.pests,
  language: lead.language,
})

/** The request's appointment, if it has one. */
export async function appointmentOf(db: Pick<Db, "query">, leadId: string): Promise<Appointment | null> {
  const [row] = await db.query<AppointmentRow>(
    `select window_id, starts_at, ends_at, confirmed_by, confirmed_at from appointments where lead_id = $1`,
    [leadId],
  )
  return row ? asAppointment(row) : null
}

// An offer's request has no state of its own: its towns are in the company's.
const addressOf = (lead: LeadFacts) =>
  formatAddress({
    street: lead.street_address,
    city: lead.city,
    state: lead.state ?? COMPANY.address.region,
    zip: lead.zip_code,
  })
