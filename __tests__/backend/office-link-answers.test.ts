/**
 * @jest-environment node
 *
 * What the office pages are told, so each sentence they show is true: the visitor's language, e-mail and phone
 * before anyone takes the request; where the CRM's copy of an outcome is (sent, on its way, no CRM set up,
 * given up); a taker that is the shared inbox named as such; who booked a window when it is opened again; and
 * board entries that each open their request with a link the functions signed.
 */
import { confirmAppointment } from "../../supabase/functions/_shared/appointments/confirm"
import { WINDOW_PLAN, WINDOW_SCHEDULE } from "../../supabase/functions/_shared/appointments/window-plan"
import type { BackendConfig } from "../../supabase/functions/_shared/config"
import { offeredWindows } from "../../supabase/functions/_shared/kernel/arrival-windows"
import { LEAD_MESSAGES } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { acknowledgeUrl, boardUrl, confirmUrl } from "../../supabase/functions/_shared/office-links/signed-link"
import { TUESDAY_10AM, alertConfig, alertRig, handClock, linkRequest, withAlertDb } from "./alert-rig"
import { fakeServer } from "./fake-servers"
import { bodies, post, storedIdOf } from "./helpers"

jest.setTimeout(60_000)

const { db, providers, servers } = withAlertDb()
const INBOX = LEAD_MESSAGES.officeAlerts.inboxName

const tokenOf = (url: string) => url.slice(url.indexOf("#t=") + 3)

interface Answer {
  state: string
  to: string
  shared: string[]
  crm: string | null
  lead: { email: string | null; prefers: string | null; tel: string | null }
  acknowledgedBy: string | null
}

/** A rig on the hand clock with `env` (a CRM, or none), and a stored request of `body` with its "I'm on it" token for `to`. */
async function requestIn(env: Record<string, string>, body: Record<string, unknown>, to = "Dana") {
  const config: BackendConfig = alertConfig(await providers(), env)
  const clock = handClock(TUESDAY_10AM)
  const { app, dispatch } = alertRig(db, config, clock)
  const function_ = "message" in body ? "process-contact" : "process-simple-lead"
  const response = await post(app, function_, body)
  expect(response.status).toBe(200)
  const id = await storedIdOf(db, ((await response.json()) as { reference: string }).reference)
  const record = function_ === "process-contact" ? ("message" as const) : ("lead" as const)
  const token = tokenOf(acknowledgeUrl(config.alerts, { record, id }, to, TUESDAY_10AM))
  const ask = async (confirm: boolean, extra: Record<string, string> = {}) => {
    const answer = await linkRequest(app, "acknowledge-lead", token, confirm, extra)
    expect(answer.status).toBe(200)
    return (await answer.json()) as Answer
  }
  return { app, config, clock, dispatch, id, ask }
}

/** A CRM answering `status` to every forward (closed after the test). */
async function crm(status: number) {
  const server = await fakeServer([status])
  servers.push(server)
  return { CRM_WEBHOOK_URL: `${server.url}/crm`, CRM_WEBHOOK_SECRET: "crm-secret" }
}

test("a Spanish request's page is told 'Prefers Spanish', the e-mail and the call link before anyone takes it", async () => {
  const { ask } = await requestIn({}, { ...bodies.contact(), language: "es" })
  const preview = await ask(false)
  expect(preview).toMatchObject({
    state: "ready",
    lead: { email: "ann@example.com", prefers: "Prefers Spanish: call back in Spanish", tel: "tel:+19145550100" },
    shared: [INBOX],
    crm: null,
  })
  // An English request says nothing of a language; a callback without an e-mail has none.
  const english = await (await requestIn({}, bodies.callback())).ask(false)
  expect(english.lead).toMatchObject({ email: null, prefers: null })
})

test("no CRM set up: an outcome's copy is 'not_configured' at once, not 'on its way'", async () => {
  const { ask, dispatch } = await requestIn({}, bodies.contact())
  await ask(true)
  const saved = await ask(true, { outcome: "booked", note: "Thu" })
  expect(saved).toMatchObject({ state: "outcome_recorded", crm: "not_configured" })
  await dispatch()
  expect(await ask(false)).toMatchObject({ crm: "not_configured" })
})

test("a CRM that takes it: 'queued' when saved, 'sent' once the outbox delivered it", async () => {
  const { ask, clock, dispatch } = await requestIn(await crm(200), bodies.contact())
  expect(await ask(true)).toMatchObject({ state: "acknowledged", crm: null })
  expect(await ask(true, { outcome: "reached" })).toMatchObject({ state: "outcome_recorded", crm: "queued" })
  await dispatch()
  expect(await ask(false)).toMatchObject({ crm: "sent" })
  // A changed outcome (a minute later) is a new copy: on its way again, until it too is sent.
  clock.advance(60_000)
  expect(await ask(true, { outcome: "booked" })).toMatchObject({ crm: "queued" })
  await dispatch()
  expect(await ask(false)).toMatchObject({ crm: "sent" })
})

test("a CRM that refuses it for good: 'failed'", async () => {
  const { ask, dispatch } = await requestIn(await crm(400), bodies.contact())
  await ask(true, { outcome: "reached" })
  await dispatch()
  expect(await ask(false)).toMatchObject({ crm: "failed" })
})

test("taken from the office inbox's link: the answer names the inbox as a shared address", async () => {
  const { ask } = await requestIn({}, bodies.contact(), INBOX)
  const taken = await ask(true)
  expect(taken).toMatchObject({ state: "acknowledged", to: INBOX, acknowledgedBy: INBOX })
  expect(taken.shared).toContain(INBOX)
  expect(taken.shared).not.toContain("Dana")
})

describe("a window confirmed before, opened again", () => {
  const [offered] = offeredWindows(WINDOW_SCHEDULE, WINDOW_PLAN, TUESDAY_10AM)
  if (!offered) throw new Error("a window is expected on Tuesday morning")
  const FIRST = offered

  async function bookedBy(by: string) {
    const { app, config, id } = await requestIn({}, { ...bodies.booking(), preferredWindows: [FIRST.id] })
    const confirmed = await confirmAppointment(db, config, { leadId: id, windowId: FIRST.id, by }, TUESDAY_10AM)
    if (confirmed.state !== "confirmed") throw new Error(`confirmed expected, got ${confirmed.state}`)
    const look = async () => {
      const token = tokenOf(confirmUrl(config.alerts, id, FIRST.id, "Dana", TUESDAY_10AM))
      return (await (await linkRequest(app, "confirm-window", token, false)).json()) as {
        state: string
        shared: string[]
        appointment: { windowId: string; label: string; by: string | null } | null
      }
    }
    return { id, look, label: confirmed.label }
  }

  test("a preview says which window and who booked it (it used to say neither)", async () => {
    const { look, label } = await bookedBy("Eli")
    expect(await look()).toMatchObject({
      state: "already_confirmed",
      appointment: { windowId: FIRST.id, by: "Eli", label },
    })
  })

  test("booked from the inbox's link: by the inbox, which the answer names as shared", async () => {
    const { look } = await bookedBy(INBOX)
    const answer = await look()
    expect(answer.appointment?.by).toBe(INBOX)
    expect(answer.shared).toContain(INBOX)
  })

  test("a booking with no name recorded is answered with none (null), never an empty name", async () => {
    const { id, look } = await bookedBy("Dana")
    await db.query(`update appointments set confirmed_by = '  ' where lead_id = $1`, [id])
    expect((await look()).appointment?.by).toBeNull()
  })
})

test("the board: each entry carries its request's own signed link in the reader's name, which opens that request", async () => {
  const { app, config, id, ask } = await requestIn({}, { ...bodies.contact(), language: "es" })
  const boardToken = tokenOf(boardUrl(config.alerts, "Eli", TUESDAY_10AM))
  const board = (await (await linkRequest(app, "office-board", boardToken, false)).json()) as {
    today: { requests: Array<{ link: string | null; name: string }> }
  }
  const [entry] = board.today.requests
  expect(entry?.link).toMatch(/^https:\/\/office\.example\/office\/acknowledge\/#t=v1\./)
  const opened = await linkRequest(app, "acknowledge-lead", tokenOf(entry?.link ?? ""), false)
  expect(await opened.json()).toMatchObject({
    state: "ready",
    to: "Eli",
    lead: { id, prefers: "Prefers Spanish: call back in Spanish" },
  })
  // Taken from it, the request is Eli's, and an outcome can be recorded from the same link.
  const taken = await linkRequest(app, "acknowledge-lead", tokenOf(entry?.link ?? ""), true, { outcome: "reached" })
  expect(await taken.json()).toMatchObject({ state: "outcome_recorded", acknowledgedBy: "Eli" })
  expect(await ask(false)).toMatchObject({ acknowledgedBy: "Eli" })
  // The board's own token is not an "I'm on it" link: it opens no request.
  expect((await linkRequest(app, "acknowledge-lead", boardToken, false)).status).toBe(400)
})
