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
import { enqueueJobs } from "../outbox/queue.ts"
import { withinCustomerBudget } from "../spam/customer-budget.ts"
import { bookedCounts, takeVisit } from "./capacity.ts"
import { endHold, holdOf } from "./hold.ts"
import { confirmationJobs, type Appointment } from "./confirmation.ts"
import { appointmentOf, confirmedLead, leadFacts, type LeadFacts } from "./appointment-rows.ts"
import { reminderJob } from "./reminder.ts"
import { appointmentLabel, windowLabel } from "./window-label.ts"
import { confirmable } from "./window-plan.ts"

export type ConfirmResult =
  | { state: "confirmed" | "already_confirmed"; appointment: Appointment; label: string }
  | { state: "full" | "unavailable"; others: Array<{ id: string; label: string }> }
  | { state: "not_found" }

const labelled = appointmentLabel

/** The request's other windows that could still be confirmed: not past, known, with a free visit. */
async function otherWindows(tx: Pick<Db, "query">, lead: LeadFacts, except: string, at: Date) {
  const candidates = (lead.preferred_windows ?? [])
    .filter((w) => w.id !== except)
    .flatMap((w) => confirmable(w.id, at) ?? [])
  const booked = await bookedCounts(
    tx,
    candidates.map((w) => w.id),
  )
  return candidates.filter((w) => (booked.get(w.id) ?? 0) < w.visits).map((w) => ({ id: w.id, label: windowLabel(w) }))
}

export { confirmable }

export async function confirmAppointment(
  db: Db,
  config: BackendConfig,
  request: { leadId: string; windowId: string; by: string },
  at: Date,
): Promise<ConfirmResult> {
  return db.transaction(async (tx) => {
    const lead = await leadFacts(tx, request.leadId, { lock: true })
    if (!lead) return { state: "not_found" }
    const existing = await appointmentOf(tx, lead.id)
    if (existing) return { state: "already_confirmed", appointment: existing, label: labelled(existing) }
    const window = confirmable(request.windowId, at)
    if (!window) return { state: "unavailable", others: await otherWindows(tx, lead, request.windowId, at) }
    // A $49 booking's held window is confirmed with the visit it holds; another window (a move) takes a visit of
    // its own first, and only then gives the held one back.
    const hold = await holdOf(tx, lead.id, { lock: true })
    const holdsIt = hold?.windowId === window.id
    if (!holdsIt && !(await takeVisit(tx, window)))
      return { state: "full", others: await otherWindows(tx, lead, request.windowId, at) }
    if (hold) await endHold(tx, lead.id, hold, { keepVisit: holdsIt })
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
    // The visit's confirmation to the visitor counts per recipient and overall (the office sent it).
    const jobs = [
      ...confirmationJobs(confirmedLead(lead), appointment, config.mail.from),
      ...reminderJob(lead.id, appointment),
    ]
    await enqueueJobs(tx, (await withinCustomerBudget(tx, jobs, { client: null, config, at })).jobs, at)
    return { state: "confirmed", appointment, label: labelled(appointment) }
  })
}
