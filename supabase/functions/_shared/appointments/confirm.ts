/**
 * Confirming one of a request's arrival windows, in one transaction: the request is locked, a visit of
 * the window is taken (never past its capacity: capacity.ts), the appointment recorded (one per
 * request), the request acknowledged (its escalation stops) with the outcome "booked", and the visitor's
 * confirmation and the CRM's event queued. A window taken meanwhile answers "full" with the request's
 * other windows still free; a request already confirmed answers with its appointment and changes nothing.
 */
import { acknowledge, recordOutcome } from "../alerts/subject.ts"
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import { windowStatus, type ArrivalWindow } from "../kernel/arrival-windows.ts"
import { enqueueJobs } from "../outbox/queue.ts"
import type { LeadRow } from "../rows.ts"
import { bookedCounts, takeVisit } from "./capacity.ts"
import { confirmationJobs, type Appointment, type ConfirmedLead } from "./confirmation.ts"
import { windowLabel } from "./window-label.ts"
import { WINDOW_PLAN, WINDOW_SCHEDULE } from "./window-plan.ts"

export type ConfirmResult =
  | { state: "confirmed" | "already_confirmed"; appointment: Appointment; label: string }
  | { state: "full" | "unavailable"; others: Array<{ id: string; label: string }> }
  | { state: "not_found" }

type LeadFacts = Pick<
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

const labelled = (appointment: Appointment) =>
  windowLabel({ startsAt: appointment.startsAt.toISOString(), endsAt: appointment.endsAt.toISOString() })

const addressOf = (lead: LeadFacts) =>
  [lead.street_address, lead.city, [lead.state, lead.zip_code].filter(Boolean).join(" ")]
    .filter((part): part is string => Boolean(part))
    .join(", ")

/** The request's other windows that could still be confirmed: not past, known, with a free visit. */
async function otherWindows(tx: Pick<Db, "query">, lead: LeadFacts, except: string, at: Date) {
  const candidates = (lead.preferred_windows ?? [])
    .map((w) => w.id)
    .filter((id) => id !== except)
    .flatMap((id) => {
      const { window, unavailable } = windowStatus(WINDOW_SCHEDULE, WINDOW_PLAN, id, at)
      return window && unavailable !== "past" ? [window] : []
    })
  const booked = await bookedCounts(
    tx,
    candidates.map((w) => w.id),
  )
  return candidates.filter((w) => (booked.get(w.id) ?? 0) < w.visits).map((w) => ({ id: w.id, label: windowLabel(w) }))
}

/** Why a window may not be confirmed at all: one the data does not know, or one already past. */
const confirmable = (id: string, at: Date): ArrivalWindow | null => {
  const { window, unavailable } = windowStatus(WINDOW_SCHEDULE, WINDOW_PLAN, id, at)
  return window && unavailable !== "past" ? window : null
}

export async function confirmAppointment(
  db: Db,
  config: BackendConfig,
  request: { leadId: string; windowId: string; by: string },
  at: Date,
): Promise<ConfirmResult> {
  return db.transaction(async (tx) => {
    const [lead] = await tx.query<LeadFacts>(
      `select id, reference, full_name, email, phone, street_address, city, state, zip_code, sms_consent_at, preferred_windows
       from leads where id = $1 for update`,
      [request.leadId],
    )
    if (!lead) return { state: "not_found" }
    const [existing] = await tx.query<AppointmentRow>(
      `select window_id, starts_at, ends_at, confirmed_by, confirmed_at from appointments where lead_id = $1`,
      [lead.id],
    )
    if (existing) {
      const appointment = asAppointment(existing)
      return { state: "already_confirmed", appointment, label: labelled(appointment) }
    }
    const window = confirmable(request.windowId, at)
    if (!window) return { state: "unavailable", others: await otherWindows(tx, lead, request.windowId, at) }
    if (!(await takeVisit(tx, window)))
      return { state: "full", others: await otherWindows(tx, lead, request.windowId, at) }
    const appointment: Appointment = {
      windowId: window.id,
      startsAt: new Date(window.startsAt),
      endsAt: new Date(window.endsAt),
      confirmedBy: request.by,
      confirmedAt: at,
    }
    await tx.query(
      `insert into appointments (lead_id, window_id, starts_at, ends_at, confirmed_by, confirmed_at) values ($1, $2, $3, $4, $5, $6)`,
      [lead.id, window.id, window.startsAt, window.endsAt, request.by, at.toISOString()],
    )
    // Confirming is taking the request: its escalation stops, and what came of it is a booking.
    const target = { record: "lead" as const, id: lead.id }
    await acknowledge(tx, target, request.by, at)
    await recordOutcome(tx, target, { outcome: "booked", note: labelled(appointment), by: request.by }, at)
    const confirmed: ConfirmedLead = {
      id: lead.id,
      reference: lead.reference ?? lead.id,
      fullName: lead.full_name,
      email: lead.email,
      phone: lead.phone,
      address: addressOf(lead),
      smsConsent: lead.sms_consent_at !== null,
    }
    await enqueueJobs(tx, confirmationJobs(confirmed, appointment, config.mail.from), at)
    return { state: "confirmed", appointment, label: labelled(appointment) }
  })
}
