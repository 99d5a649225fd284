/** @jest-environment node */
/**
 * Arrival windows in the functions, with a fixed clock: the public calendar offers the
 * windows with free visits (a full one left out, read-only, cacheable); a wizard lead, a $49 booking
 * and an offer callback keep the windows they name, each marked when it can no longer be confirmed
 * (full, past, no such window), and are stored whatever the windows say; only what no form sends is
 * refused; and no order or concurrency of confirmations takes a window past its capacity.
 */
import fc from "fast-check"
import { takeVisit } from "../../supabase/functions/_shared/appointments/capacity"
import { windowLabel } from "../../supabase/functions/_shared/appointments/window-label"
import { verifyLink } from "../../supabase/functions/_shared/office-links/signed-link"
import { WINDOW_PLAN, WINDOW_SCHEDULE } from "../../supabase/functions/_shared/appointments/window-plan"
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { offeredWindows, windowsOn } from "../../supabase/functions/_shared/kernel/arrival-windows"
import { TUESDAY_10AM, alertConfig, chatTextOf, smsOf } from "./alert-rig"
import { fakeServer } from "./fake-servers"
import { dispatchOutbox } from "../../supabase/functions/_shared/outbox/outbox"
import { type AppUnderTest, bodies, estimateFields, post, testConfig, withFreshDb } from "./helpers"

const NOW = TUESDAY_10AM
const config = testConfig()

let db: Db
let app: AppUnderTest
withFreshDb(
  (fresh) => {
    db = fresh
    app = createApp({ db, config, clock: () => NOW })
  },
  { each: true },
)

const offered = () => offeredWindows(WINDOW_SCHEDULE, WINDOW_PLAN, NOW)
const calendar = async (method = "GET") => {
  const response = await app.request("/functions/v1/arrival-windows", { method })
  return { response, body: (await response.json()) as { windows: Array<{ id: string; free: number }> } }
}

describe("the public calendar", () => {
  test("offers every window the data offers now, each with its free visits, cacheable for seconds, by GET or POST", async () => {
    const { response, body } = await calendar()
    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toBe("public, max-age=15")
    expect(body.windows.map((w) => w.id)).toEqual(offered().map((w) => w.id))
    expect(body.windows[0]).toMatchObject({ free: offered()[0]?.visits })
    expect((await calendar("POST")).response.status).toBe(200)
    const put = await app.request("/functions/v1/arrival-windows", { method: "PUT" })
    expect(put.status).toBe(405)
    expect(put.headers.get("allow")).toBe("GET, POST, OPTIONS")
  })

  test("leaves a full window out and counts what is left of the others", async () => {
    const [first, second] = offered()
    if (!first || !second) throw new Error("no windows offered on Tuesday morning")
    for (let i = 0; i < first.visits; i++) expect(await takeVisit(db, first)).toBe(true)
    expect(await takeVisit(db, second)).toBe(true)
    // A fresh app: the calendar's few seconds of memory start empty.
    app = createApp({ db, config, clock: () => NOW })
    const { body } = await calendar()
    expect(body.windows.map((w) => w.id)).not.toContain(first.id)
    expect(body.windows.find((w) => w.id === second.id)?.free).toBe(second.visits - 1)
  })
})

describe("the windows a lead names are kept with it", () => {
  const storedWindows = async (reference: string) =>
    (
      await db.query<{ preferred_windows: unknown }>(`select preferred_windows from leads where reference = $1`, [
        reference,
      ])
    )[0]?.preferred_windows

  const send = async (name: string, body: object) => {
    const response = await post(app, name, body)
    expect(response.status).toBe(200)
    return ((await response.json()) as { reference: string }).reference
  }

  test("a wizard lead with three windows, one full by the time it arrives", async () => {
    const [a, b, c] = offered()
    if (!a || !b || !c) throw new Error("windows expected")
    for (let i = 0; i < c.visits; i++) await takeVisit(db, c)
    const reference = await send("process-simple-lead", {
      ...bodies.estimateLead(),
      preferredWindows: [a.id, b.id, c.id],
    })
    expect(await storedWindows(reference)).toEqual([
      { id: a.id, startsAt: a.startsAt, endsAt: a.endsAt },
      { id: b.id, startsAt: b.startsAt, endsAt: b.endsAt },
      { id: c.id, startsAt: c.startsAt, endsAt: c.endsAt, unavailable: "full" },
    ])
  })

  test("a $49 booking and a callback, with a past window and one the data does not know: stored, marked", async () => {
    const today = windowsOn(WINDOW_SCHEDULE, WINDOW_PLAN, "2026-03-03", "Tuesday")
    const past = today[0]
    if (!past) throw new Error("a Tuesday window expected")
    const booking = await send("process-simple-lead", {
      ...bodies.booking(),
      preferredWindows: [past.id, "2026-03-04@06:30"],
    })
    expect(await storedWindows(booking)).toEqual([
      { id: past.id, startsAt: past.startsAt, endsAt: past.endsAt, unavailable: "past" },
      { id: "2026-03-04@06:30", unavailable: "unknown" },
    ])
    const callback = await send("process-simple-lead", { ...bodies.callback(), preferredWindows: [offered()[0]?.id] })
    expect(await storedWindows(callback)).toEqual([expect.objectContaining({ id: offered()[0]?.id })])
  })

  test("none picked (call me to schedule): nothing stored, as before", async () => {
    const reference = await send("process-simple-lead", bodies.booking())
    expect(await storedWindows(reference)).toBeNull()
  })

  test("the wizard's three calls, which carry the same windows, keep them once", async () => {
    const [a] = offered()
    const lead = { ...bodies.estimateLead(), preferredWindows: [a?.id] }
    const reference = await send("process-simple-lead", lead)
    const { source: _source, ...fields } = lead
    await send("process-estimate", { ...fields, accountId: "WEB-1" })
    await send("send-estimate-confirmation", { ...fields, accountId: "WEB-1" })
    expect(await storedWindows(reference)).toEqual([expect.objectContaining({ id: a?.id })])
  })

  // A list longer than any form sends is abuse: refused, naming the field.
  test("more windows than any form sends is refused, naming the field", async () => {
    const windows = ["08:00", "11:00", "14:00"].flatMap((time) => [`2026-03-04@${time}`, `2026-03-05@${time}`])
    const response = await post(app, "process-simple-lead", {
      ...estimateFields(),
      ...bodies.booking(),
      preferredWindows: windows,
    })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { fields: Record<string, string> }
    expect(Object.entries(body.fields).find(([field]) => field.startsWith("preferredWindows"))?.[1]).toContain(
      "At most 5 items",
    )
  })

  // What another site version may send (a window it writes otherwise, a single window not in a list) is stored, flagged.
  test.each([[["next Tuesday"]], ["2026-03-04@08:00"]])(
    "windows no form of ours writes are stored with the lead and flagged, naming the field: %p",
    async (windows) => {
      const reference = await send("process-simple-lead", {
        ...estimateFields(),
        ...bodies.booking(),
        preferredWindows: windows,
      })
      const [row] = await db.query<{ flags: Array<{ code: string; detail: string }> }>(
        `select flags from leads where reference = $1`,
        [reference],
      )
      expect(row?.flags.map((flag) => `${flag.code} ${flag.detail}`)).toContainEqual(
        expect.stringMatching(/^unreadable_field preferredWindows/),
      )
    },
  )
})

test("no order of confirmations takes a window past its capacity (generated)", async () => {
  const window = offered()[0]
  if (!window) throw new Error("a window expected")
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 3 * window.visits }), async (tries) => {
      await db.query(`delete from window_bookings`)
      const taken = await Promise.all(
        Array.from({ length: tries }, () => db.transaction((tx) => takeVisit(tx, window))),
      )
      expect(taken.filter(Boolean)).toHaveLength(Math.min(tries, window.visits))
      const [row] = await db.query<{ booked: number }>(`select booked from window_bookings`)
      expect(row?.booked).toBe(Math.min(tries, window.visits))
    }),
    { numRuns: 20 },
  )
})

test("the office's notice lists the windows, each free one with its own signed Confirm link", async () => {
  const [a, b] = offered()
  if (!a || !b) throw new Error("windows expected")
  for (let i = 0; i < b.visits; i++) await takeVisit(db, b)
  // A wizard lead: a $49 booking would hold its first free window (booking-hold.test.ts).
  const response = await post(app, "process-simple-lead", { ...bodies.estimateLead(), preferredWindows: [a.id, b.id] })
  const { reference } = (await response.json()) as { reference: string }
  const [notice] = await db.query<{ payload: { text: string; html: string } }>(
    `select payload from outbox_jobs where kind = 'company_email'`,
  )
  const text = notice?.payload.text ?? ""
  expect(text).toContain("Preferred arrival windows")
  expect(text).toContain(`${windowLabel(a)}: free when the request came in`)
  expect(text).toContain(`${windowLabel(b)}: full when the request came in`)
  const links = [...text.matchAll(/^Confirm (.+): (\S+\/office\/confirm\/#t=(\S+))$/gm)]
  expect(links.map((m) => m[1])).toEqual([windowLabel(a)])
  const check = verifyLink(config.alerts.linkSecret, links[0]?.[3] ?? "", "confirm", NOW)
  expect(check).toMatchObject({ ok: true, claims: { record: "lead", window: a.id, to: "Office inbox" } })
  expect(reference).toMatch(/^WEB\d{6}$/)
})

test("the office's alerts list the free windows too, each Confirm link in the alerted contact's name", async () => {
  const chat = await fakeServer([200])
  const twilio = await fakeServer([201])
  try {
    const alerting = alertConfig({ twilio, chat })
    const rig = createApp({ db, config: alerting, clock: () => NOW })
    const [a] = offered()
    if (!a) throw new Error("a window expected")
    expect((await post(rig, "process-simple-lead", { ...bodies.booking(), preferredWindows: [a.id] })).status).toBe(200)
    await dispatchOutbox({ db, config: alerting, clock: () => NOW })
    const post0 = chat.delivered().map(chatTextOf)[0] ?? ""
    const match = /<(\S+\/office\/confirm\/#t=(\S+))\|Confirm ([^>]+)>/.exec(post0)
    expect(match?.[3]).toBe(windowLabel(a))
    expect(verifyLink(alerting.alerts.linkSecret, match?.[2] ?? "", "confirm", NOW)).toMatchObject({
      ok: true,
      claims: { window: a.id, to: "Dana" },
    })
    expect(smsOf(twilio.delivered()[0] ?? { headers: {}, body: "", status: 0 }).body).toContain(
      `Windows: ${windowLabel(a)}`,
    )
  } finally {
    await Promise.all([chat.close(), twilio.close()])
  }
})
