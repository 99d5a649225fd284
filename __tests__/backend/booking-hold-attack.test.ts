/** @jest-environment node */
/**
 * The $49 booking's window hold under hostile and odd `preferredWindows`: every such request is stored
 * (a value the visitor could not fix is flagged, never refused), "booked" only when a visit is held,
 * one hold and one answer per submission, nothing sent twice.
 */
import { WINDOW_PLAN, WINDOW_SCHEDULE } from "../../supabase/functions/_shared/appointments/window-plan"
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { offeredWindows } from "../../supabase/functions/_shared/kernel/arrival-windows"
import { windowLabel } from "../../supabase/functions/_shared/appointments/window-label"
import { fill } from "../../supabase/functions/_shared/kernel/escape"
import { CUSTOMER_TEXTS } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { releaseUrl } from "../../supabase/functions/_shared/office-links/signed-link"
import { TUESDAY_10AM, linkRequest } from "./alert-rig"
import { bodies, post, testConfig, withFreshDb } from "./helpers"

const config = testConfig()
let db: Db
withFreshDb((fresh) => void (db = fresh), { each: true })

const [FIRST] = offeredWindows(WINDOW_SCHEDULE, WINDOW_PLAN, TUESDAY_10AM)
if (!FIRST) throw new Error("windows expected on Tuesday morning")

// Any text: typed, as expect.any is not.
const A_TEXT: unknown = expect.any(String)

const app = () => createApp({ db, config, clock: () => TUESDAY_10AM })
const leadsCount = async () => (await db.query<{ n: number }>(`select count(*)::int as n from leads`))[0]?.n ?? 0
const holdsCount = async () => (await db.query<{ n: number }>(`select count(*)::int as n from window_holds`))[0]?.n ?? 0

const booked = async () =>
  (await db.query<{ booked: number }>(`select booked from window_bookings where window_id = $1`, [FIRST.id]))[0]
    ?.booked ?? 0

const HOSTILE: ReadonlyArray<[string, unknown]> = [
  ["null", null],
  ["a string", FIRST.id],
  ["a number", 42],
  ["an object", { id: FIRST.id }],
  // Past the picker's maxChoices (3), kept as wishes but never held: the free window is the fourth.
  ["5 entries, the free one past maxChoices", ["2020-01-01@08:00", "2020-01-02@08:00", "2020-01-03@08:00", FIRST.id]],
  ["ids of the wrong shape", ["tomorrow", "2026-13-45@99:99", "<script>", 7]],
  ["unicode", ["２０２６-１２-０１@08:00", "2026-12-01@08:00\u202e", "🐜"]],
  ["a past window", ["2020-01-07@08:00"]],
  ["a window far in the future", ["2999-12-31@08:00"]],
]

test.each(HOSTILE)("preferredWindows as %s: the booking is stored, nothing says booked", async (_, value) => {
  const response = await post(app(), "process-simple-lead", { ...bodies.booking(), preferredWindows: value })
  const answer: unknown = await response.json()
  expect({ status: response.status, answer }).toMatchObject({ status: 200, answer: { booking: { state: "call" } } })
  expect(await leadsCount()).toBe(1)
  expect(await holdsCount()).toBe(0)
  // A value no picker sends is flagged for the office; a well-formed id is kept as the visitor's wish.
  const [lead] = await db.query<{ flags: Array<{ detail?: string }>; preferred_windows: unknown }>(
    `select flags, preferred_windows from leads`,
  )
  const wellFormed =
    Array.isArray(value) && value.every((id) => typeof id === "string" && /^\d{4}-\d\d-\d\d@\d\d:\d\d$/.test(id))
  if (wellFormed)
    expect(lead?.preferred_windows).toEqual(expect.arrayContaining([expect.objectContaining({ unavailable: A_TEXT })]))
  else expect(lead?.flags.some((flag) => flag.detail?.includes("preferredWindows"))).toBe(true)
})

test("duplicates of one window hold one visit", async () => {
  const response = await post(app(), "process-simple-lead", {
    ...bodies.booking(),
    preferredWindows: [FIRST.id, FIRST.id, FIRST.id],
  })
  expect(await response.json()).toMatchObject({ booking: { state: "held", window: FIRST.id } })
  const [row] = await db.query<{ booked: number }>(`select booked from window_bookings where window_id = $1`, [
    FIRST.id,
  ])
  expect(row?.booked).toBe(1)
})

test("the same submission sent again: one lead, one hold, the same answer, nothing queued twice", async () => {
  const body = { ...bodies.booking(), preferredWindows: [FIRST.id] }
  const first: unknown = await (await post(app(), "process-simple-lead", body)).json()
  const jobs = async () => (await db.query<{ n: number }>(`select count(*)::int as n from outbox_jobs`))[0]?.n ?? 0
  const queued = await jobs()
  const again = await Promise.all(
    [1, 2, 3].map(async (): Promise<unknown> => (await post(app(), "process-simple-lead", body)).json()),
  )
  for (const answer of again) expect(answer).toEqual(first)
  expect(await leadsCount()).toBe(1)
  expect(await holdsCount()).toBe(1)
  expect(await jobs()).toBe(queued)
})

test.each([6, 1000])(
  "%i entries: refused as abuse (past the contract's 5, no form sends it), a 400 naming the field",
  async (length) => {
    const preferredWindows = Array.from({ length }, () => FIRST.id)
    const response = await post(app(), "process-simple-lead", { ...bodies.booking(), preferredWindows })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ success: false, fields: { preferredWindows: A_TEXT } })
    expect(await holdsCount()).toBe(0)
  },
)

describe("a booking replayed from spam review ('Not spam')", () => {
  const spamIdOf = async () => (await db.query<{ id: string }>(`select id from spam_attempts`))[0]?.id ?? ""
  const release = async (at: Date) => {
    const token = releaseUrl(config, await spamIdOf(), new Date(at.getTime() + 7 * 86_400_000)).split("#t=")[1] ?? ""
    return linkRequest(createApp({ db, config, clock: () => at }), "release-spam", token, true)
  }
  const visitorEmail = () =>
    db.query<{ subject: string; text: string }>(
      `select payload->>'subject' as subject, payload->>'text' as text from outbox_jobs
       where kind = 'customer_email' and lead_id = (select id from leads where full_name = 'Tom Hale')`,
    )

  test("its window filled meanwhile: stored, nothing held past capacity, nothing says booked", async () => {
    // Too fast for a person: filed for review, and no window held.
    const filed = await post(app(), "process-simple-lead", {
      ...bodies.booking(),
      formFillMs: 800,
      preferredWindows: [FIRST.id],
    })
    expect(await filed.json()).toMatchObject({ booking: { state: "call" } })
    expect(await holdsCount()).toBe(0)
    for (let i = 0; i < FIRST.visits; i++)
      await post(app(), "process-simple-lead", {
        ...bodies.booking(),
        fullName: `Other ${i}`,
        preferredWindows: [FIRST.id],
      })
    const released = await release(new Date(TUESDAY_10AM.getTime() + 60_000))
    expect(await released.json()).toMatchObject({ state: "released" })
    expect(await booked()).toBe(FIRST.visits)
    expect(await holdsCount()).toBe(FIRST.visits)
    const [email] = await visitorEmail()
    expect(email?.subject).toBe(CUSTOMER_TEXTS.en.messages.customerEmail.bookingCallSubject)
    expect(`${email?.subject} ${email?.text}`).not.toMatch(/(has been|is) booked|holding/i)
  })

  test("its window still free: the visit is held at release, and the e-mail says so", async () => {
    await post(app(), "process-simple-lead", { ...bodies.booking(), formFillMs: 800, preferredWindows: [FIRST.id] })
    expect(await (await release(new Date(TUESDAY_10AM.getTime() + 60_000))).json()).toMatchObject({
      state: "released",
    })
    expect(await booked()).toBe(1)
    expect(await holdsCount()).toBe(1)
    const [email] = await visitorEmail()
    expect(email?.subject).toBe(
      fill(CUSTOMER_TEXTS.en.messages.customerEmail.bookingSubject, { window: windowLabel(FIRST) }),
    )
  })
})
