/**
 * confirm-window, called by the site's /office/confirm/ page: `confirm: false` shows the request and the
 * window (and whether it is still free), changing nothing; `confirm: true` confirms it
 * (appointments/confirm.ts): one visit taken, the appointment recorded, the request acknowledged as
 * booked, the visitor written to. A window taken meanwhile answers "full" with the request's other free
 * windows, each with its own link; a tampered, expired or replayed link changes nothing.
 */
import { loadSubject } from "../alerts/subject.ts"
import { bookedCounts } from "../appointments/capacity.ts"
import { confirmable, confirmAppointment, type ConfirmResult } from "../appointments/confirm.ts"
import { appointmentOf } from "../appointments/appointment-rows.ts"
import type { Appointment } from "../appointments/confirmation.ts"
import { holdOf } from "../appointments/hold.ts"
import { releaseHold } from "../appointments/release.ts"
import { appointmentLabel, windowLabel } from "../appointments/window-label.ts"
import { WINDOW_PLAN, WINDOW_SCHEDULE } from "../appointments/window-plan.ts"
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import type { ConfirmLinkRequest } from "../kernel/contract.ts"
import { windowStatus } from "../kernel/arrival-windows.ts"
import { LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import { actorNames, actorOf, checkedLink, leadFacts, refused, SHARED_TAKERS, type LinkAnswer } from "./handlers.ts"
import { confirmUrl, type LinkClaims } from "./signed-link.ts"

const ANSWERS = LEAD_MESSAGES.officeAlerts.linkAnswers

/** What a preview says of the window: held for this request (a $49 booking's), free, full, or no longer confirmable. */
async function previewState(
  db: Db,
  leadId: string,
  id: string,
  at: Date,
): Promise<"held" | "ready" | "full" | "unavailable"> {
  const window = confirmable(id, at)
  if (!window) return "unavailable"
  if ((await holdOf(db, leadId))?.windowId === id) return "held"
  const booked = (await bookedCounts(db, [id])).get(id) ?? 0
  return booked < window.visits ? "ready" : "full"
}

/** The appointment as the page shows it; who booked it is null when none was recorded (never an empty name). */
const appointmentAnswer = (appointment: Appointment) => ({
  windowId: appointment.windowId,
  label: appointmentLabel(appointment),
  by: appointment.confirmedBy.trim() || null,
  at: appointment.confirmedAt.toISOString(),
})

/** The other windows, each with a link of its own for the same person, as fresh as this answer. */
const othersOf = (config: BackendConfig, claims: LinkClaims, result: ConfirmResult, at: Date) =>
  "others" in result
    ? result.others.map((w) => ({ ...w, link: confirmUrl(config.alerts, claims.id, w.id, claims.to, at) }))
    : []

export async function confirmLink(
  db: Db,
  config: BackendConfig,
  { token, confirm, by, release }: ConfirmLinkRequest,
  at: Date,
): Promise<LinkAnswer> {
  const claims = checkedLink(config, token, "confirm", at)
  if ("status" in claims) return claims
  if (claims.record !== "lead" || claims.window === undefined) return refused(400, "invalid", ANSWERS.invalid)
  const actor = actorOf(config, claims, by)
  if (actor === null)
    return { status: 422, body: { success: false, error: ANSWERS.unknownName, fields: { by: ANSWERS.unknownName } } }
  const windowId = claims.window
  const subject = await loadSubject(db, { record: "lead", id: claims.id })
  if (!subject) return refused(404, "not_found", ANSWERS.notFound)
  const { window } = windowStatus(WINDOW_SCHEDULE, WINDOW_PLAN, windowId, at)
  const common = {
    success: true,
    lead: leadFacts(subject),
    to: claims.to,
    shared: SHARED_TAKERS,
    names: actorNames(config),
    window: { id: windowId, label: window ? windowLabel(window) : windowId },
  }
  if (!confirm) {
    // A request booked before is shown with its appointment (which window, who booked it), as a replayed tap is.
    const existing = await appointmentOf(db, claims.id)
    if (existing)
      return { status: 200, body: { ...common, state: "already_confirmed", appointment: appointmentAnswer(existing) } }
    const state = await previewState(db, claims.id, windowId, at)
    // A held window is ready to confirm with the visit it holds; `held` says so (the page's states stay as they are).
    return { status: 200, body: { ...common, state: state === "held" ? "ready" : state, held: state === "held" } }
  }
  if (release) {
    // Only the window this link names: a link of another window releases nothing.
    const hold = await holdOf(db, claims.id)
    if (hold?.windowId !== windowId) return { status: 200, body: { ...common, state: "not_held" } }
    const released = await releaseHold(db, config, claims.id, at)
    if (released.state === "not_found") return refused(404, "not_found", ANSWERS.notFound)
    const notified = released.state === "released" && released.notified
    return { status: 200, body: { ...common, state: released.state, notified } }
  }
  const result = await confirmAppointment(db, config, { leadId: claims.id, windowId, by: actor }, at)
  if (result.state === "not_found") return refused(404, "not_found", ANSWERS.notFound)
  return {
    status: 200,
    body: {
      ...common,
      state: result.state,
      appointment: "appointment" in result ? appointmentAnswer(result.appointment) : null,
      others: othersOf(config, claims, result, at),
    },
  }
}
