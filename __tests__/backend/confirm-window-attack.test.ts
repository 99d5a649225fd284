/** @jest-environment node */
/**
 * confirm-window attacked: double taps at once (one release, one message), a release after a confirm and a
 * confirm after a release, a token of another window, lead or purpose, an expired or altered token, and
 * hostile bodies: a 4xx JSON naming the field, never a 500.
 */
import { WINDOW_PLAN, WINDOW_SCHEDULE } from "../../supabase/functions/_shared/appointments/window-plan"
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { offeredWindows, type ArrivalWindow } from "../../supabase/functions/_shared/kernel/arrival-windows"
import { boardUrl, confirmUrl } from "../../supabase/functions/_shared/office-links/signed-link"
import { TUESDAY_10AM } from "./alert-rig"
import { bodies, post, storedIdOf, testConfig, withFreshDb } from "./helpers"

const config = testConfig()
let db: Db
withFreshDb((fresh) => void (db = fresh), { each: true })

const [FIRST, SECOND] = offeredWindows(WINDOW_SCHEDULE, WINDOW_PLAN, TUESDAY_10AM)
if (!FIRST || !SECOND) throw new Error("windows expected on Tuesday morning")

const HELD = FIRST.id
// Any text: typed, as expect.any is not.
const A_TEXT: unknown = expect.any(String)

const app = (at = TUESDAY_10AM) => createApp({ db, config, clock: () => at })
const call = (body: unknown, at = TUESDAY_10AM) =>
  app(at).request("/functions/v1/confirm-window", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  })
const tokenOf = (url: string) => url.slice(url.indexOf("#t=") + 3)
const linkFor = (leadId: string, window: ArrivalWindow) =>
  tokenOf(confirmUrl(config.alerts, leadId, window.id, "Office", TUESDAY_10AM))

async function heldBooking(fullName = "Tom Hale") {
  const response = await post(app(), "process-simple-lead", {
    ...bodies.booking(),
    fullName,
    preferredWindows: [HELD],
  })
  const answer = (await response.json()) as { reference: string; booking: { state: string } }
  expect(answer.booking.state).toBe("held")
  return storedIdOf(db, answer.reference)
}

const booked = async () =>
  (await db.query<{ booked: number }>(`select booked from window_bookings where window_id = $1`, [FIRST.id]))[0]
    ?.booked ?? 0
const visitorJobs = (leadId: string) =>
  db.query<{ dedupe_key: string }>(
    `select dedupe_key from outbox_jobs where lead_id = $1 and kind in ('customer_email', 'customer_sms')
       and (dedupe_key like 'hold-release:%' or dedupe_key like 'appointment:%') order by dedupe_key`,
    [leadId],
  )
const stateOf = async (response: Response) => ((await response.json()) as { state?: string }).state

test("two release taps at once: one release, one visit given back, the visitor told once", async () => {
  await heldBooking("Early")
  const leadId = await heldBooking()
  const token = linkFor(leadId, FIRST)
  const states = await Promise.all(
    [1, 2, 3].map(async () => stateOf(await call({ token, confirm: true, release: true }))),
  )
  expect(states.sort()).toEqual(["not_held", "not_held", "released"])
  expect(await booked()).toBe(1)
  // The booking ticked no SMS opt-in: one e-mail, once.
  expect((await visitorJobs(leadId)).map((j) => j.dedupe_key)).toEqual([`hold-release:${leadId}:email`])
})

test("two confirm taps at once: one appointment, one visit, the visitor told once", async () => {
  const leadId = await heldBooking()
  const token = linkFor(leadId, FIRST)
  const states = await Promise.all([1, 2].map(async () => stateOf(await call({ token, confirm: true }))))
  expect(states.sort()).toEqual(["already_confirmed", "confirmed"])
  expect(await booked()).toBe(1)
  const keys = (await visitorJobs(leadId)).map((j) => j.dedupe_key)
  expect(keys.every((key) => key.startsWith("appointment:"))).toBe(true)
  expect(new Set(keys).size).toBe(keys.length)
  expect(keys.length).toBeGreaterThan(0)
})

test("a release after a confirm releases nothing: the appointment keeps its visit, no release message", async () => {
  const leadId = await heldBooking()
  const token = linkFor(leadId, FIRST)
  expect(await stateOf(await call({ token, confirm: true }))).toBe("confirmed")
  expect(await stateOf(await call({ token, confirm: true, release: true }))).toBe("not_held")
  expect(await booked()).toBe(1)
  expect((await visitorJobs(leadId)).some((j) => j.dedupe_key.startsWith("hold-release:"))).toBe(false)
})

test("a confirm after a release books the window afresh with one visit, never two", async () => {
  const leadId = await heldBooking()
  const token = linkFor(leadId, FIRST)
  expect(await stateOf(await call({ token, confirm: true, release: true }))).toBe("released")
  expect(await booked()).toBe(0)
  expect(await stateOf(await call({ token, confirm: true }))).toBe("confirmed")
  expect(await booked()).toBe(1)
})

test("a link of another lead or window releases nothing of this one; another purpose's token is refused", async () => {
  const leadId = await heldBooking()
  const other = await heldBooking("Ann Other")
  expect(await stateOf(await call({ token: linkFor(other, SECOND), confirm: true, release: true }))).toBe("not_held")
  expect(await stateOf(await call({ token: linkFor(leadId, SECOND), confirm: true, release: true }))).toBe("not_held")
  expect(await booked()).toBe(2)
  const board = await call({
    token: tokenOf(boardUrl(config.alerts, "Office", TUESDAY_10AM)),
    confirm: true,
    release: true,
  })
  expect(board.status).toBeGreaterThanOrEqual(400)
  expect(board.status).toBeLessThan(500)
  expect(await booked()).toBe(2)
})

test("an expired or altered token changes nothing, answered as a 4xx JSON", async () => {
  const leadId = await heldBooking()
  const token = linkFor(leadId, FIRST)
  const flipped = `${token.slice(0, -2)}${token.endsWith("A") ? "B" : "A"}${token.slice(-1)}`
  const parts = token.split(".")
  const otherClaims = [parts[0], Buffer.from(JSON.stringify(["x"])).toString("base64url"), parts[2]].join(".")
  const far = new Date(TUESDAY_10AM.getTime() + 365 * 86_400_000)
  for (const [body, at] of [
    [{ token: flipped, confirm: true, release: true }, TUESDAY_10AM],
    [{ token: otherClaims, confirm: true, release: true }, TUESDAY_10AM],
    [{ token, confirm: true, release: true }, far],
  ] as const) {
    const response = await call(body, at)
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(await response.json()).toMatchObject({ success: false })
  }
  expect(await booked()).toBe(1)
})

test.each([
  ["confirm", { confirm: "true" }],
  ["confirm", { confirm: 1 }],
  ["confirm", { confirm: null }],
  ["release", { confirm: true, release: "yes" }],
  ["release", { confirm: true, release: 0 }],
  ["release", { confirm: true, release: [true] }],
  ["by", { confirm: true, by: "x".repeat(2_000) }],
  ["by", { confirm: true, by: ["Office"] }],
  ["by", { confirm: true, by: { name: "Office" } }],
  ["token", { confirm: true, token: "t".repeat(2_000) }],
  ["token", { confirm: true, token: { t: 1 } }],
  ["token", { confirm: true, token: ["t"] }],
  ["token", { confirm: true, token: 12 }],
  ["extra", { confirm: true, extra: "field" }],
])("a hostile body (%s) is a 4xx JSON naming the field", async (field, fields) => {
  const leadId = await heldBooking()
  const response = await call({ token: linkFor(leadId, FIRST), ...fields })
  expect(response.status).toBeGreaterThanOrEqual(400)
  expect(response.status).toBeLessThan(500)
  const answer = (await response.json()) as { success?: boolean; fields?: Record<string, string> }
  expect(answer.success).toBe(false)
  expect(Object.keys(answer.fields ?? {}).join(" ")).toContain(field)
  expect(JSON.stringify(answer).length).toBeLessThan(2_000)
  expect(await booked()).toBe(1)
})

test.each(["", "not json", "[]", "null", '"confirm"', "{".repeat(10_000)])(
  "a raw body (#%#) is a 4xx JSON",
  async (raw) => {
    const response = await call(raw)
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(await response.json()).toMatchObject({ success: false })
  },
)

test("a body past the size limit (a 100,000-character name) is a 413 JSON, and changes nothing", async () => {
  const leadId = await heldBooking()
  const response = await call({ token: linkFor(leadId, FIRST), confirm: true, release: true, by: "x".repeat(100_000) })
  expect(response.status).toBe(413)
  expect(await response.json()).toMatchObject({ success: false })
  expect(await booked()).toBe(1)
})

// Every office page's text fields: an object or a list in a text's place used to throw in Yup's .trim() (a 500).
test.each([
  ["acknowledge-lead", "by"],
  ["acknowledge-lead", "note"],
  ["acknowledge-lead", "token"],
  ["confirm-window", "by"],
  ["office-board", "token"],
  ["release-spam", "token"],
  ["office-report", "week"],
  ["office-report", "token"],
])("%s with an object or a list for %s: a 400 JSON naming it", async (name, field) => {
  const token = linkFor("00000000-0000-0000-0000-000000000000", FIRST)
  for (const value of [{ a: 1 }, ["a"]]) {
    const response = await app().request(`/functions/v1/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, confirm: true, [field]: value }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ success: false, fields: { [field]: A_TEXT } })
  }
})
