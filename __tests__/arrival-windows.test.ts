/**
 * Arrival windows on the company's clock, with fixed clocks: what is offered on an ordinary
 * morning and after the same-day cut-off, across both daylight-saving changes, on a holiday and a short
 * day, and what an id stands for when a request brings it.
 */
import {
  offeredWindows,
  windowStatus,
  windowsOn,
  type WindowPlan,
  type WindowSchedule,
} from "../supabase/functions/_shared/kernel/arrival-windows"

const WEEKDAY = [
  { start: "08:00", end: "11:00", visits: 3 },
  { start: "11:00", end: "14:00", visits: 3 },
  { start: "14:00", end: "17:00", visits: 3 },
]
const PLAN: WindowPlan = {
  daysAhead: 7,
  noticeMinutes: 120,
  maxChoices: 3,
  weekdays: {
    Monday: WEEKDAY,
    Tuesday: WEEKDAY,
    Wednesday: WEEKDAY,
    Thursday: WEEKDAY,
    Friday: WEEKDAY,
    Saturday: [{ start: "09:00", end: "12:00", visits: 2 }],
    Sunday: [{ start: "09:00", end: "12:00", visits: 1 }],
  },
}
const SCHEDULE: WindowSchedule = {
  timeZone: "America/New_York",
  hours: [
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
    { days: ["Saturday"], opens: "09:00", closes: "16:00" },
    { days: ["Sunday"], opens: "09:00", closes: "13:00" },
  ],
  closedDates: [
    { date: "2026-11-26", name: "Thanksgiving" },
    { date: "2026-12-24", name: "Christmas Eve", opens: "08:00", closes: "12:00" },
  ],
  sameDayCutoffHour: 12,
  sameDayDays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
}

const ids = (at: string) => offeredWindows(SCHEDULE, PLAN, new Date(at)).map((w) => w.id)

test("an ordinary Tuesday at 9:00: today's windows at least two hours ahead, then every window of the next six days", () => {
  const offered = ids("2026-03-03T14:00:00Z")
  expect(offered.slice(0, 3)).toEqual(["2026-03-03@11:00", "2026-03-03@14:00", "2026-03-04@08:00"])
  expect(offered.at(-1)).toBe("2026-03-09@14:00")
  // Tuesday 2 + Wednesday to Friday 9 + Saturday 1 + Sunday 1 + Monday 3.
  expect(offered).toHaveLength(16)
})

test("after the noon cut-off, today offers nothing (same day only before 12, as the contact page says)", () => {
  expect(ids("2026-03-03T17:30:00Z")[0]).toBe("2026-03-04@08:00")
  expect(windowStatus(SCHEDULE, PLAN, "2026-03-03@14:00", new Date("2026-03-03T17:30:00Z")).unavailable).toBe(
    "same_day_closed",
  )
})

test("on Sunday no same-day window, even in the morning", () => {
  expect(ids("2026-03-08T13:00:00Z")[0]).toBe("2026-03-09@08:00")
})

test("windows keep their wall-clock times across the spring change: EST before, EDT after", () => {
  const saturday = windowsOn(SCHEDULE, PLAN, "2026-03-07", "Saturday")[0]
  const sunday = windowsOn(SCHEDULE, PLAN, "2026-03-08", "Sunday")[0]
  expect(saturday).toMatchObject({ startsAt: "2026-03-07T14:00:00.000Z", endsAt: "2026-03-07T17:00:00.000Z" })
  expect(sunday).toMatchObject({ startsAt: "2026-03-08T13:00:00.000Z", endsAt: "2026-03-08T16:00:00.000Z" })
})

test("and across the autumn change: EDT before, EST after", () => {
  expect(windowsOn(SCHEDULE, PLAN, "2026-10-31", "Saturday")[0]?.startsAt).toBe("2026-10-31T13:00:00.000Z")
  expect(windowsOn(SCHEDULE, PLAN, "2026-11-01", "Sunday")[0]?.startsAt).toBe("2026-11-01T14:00:00.000Z")
})

test("a holiday offers no window, and a short day only those that fit in its hours", () => {
  expect(windowsOn(SCHEDULE, PLAN, "2026-11-26", "Thursday")).toEqual([])
  expect(windowsOn(SCHEDULE, PLAN, "2026-12-24", "Thursday").map((w) => w.id)).toEqual(["2026-12-24@08:00"])
  const offered = ids("2026-11-25T14:00:00Z")
  expect(offered.some((id) => id.startsWith("2026-11-26"))).toBe(false)
  expect(offered).toContain("2026-11-27@08:00")
})

describe("what a request's window id stands for", () => {
  const at = new Date("2026-03-03T14:00:00Z")
  test.each([
    ["2026-03-04@08:00", null],
    ["2026-03-03@08:00", "past"],
    ["2026-03-03@11:00", null],
    ["2026-03-20@08:00", "too_far"],
    ["2026-02-30@08:00", "unknown"],
    ["2026-03-04@09:00", "unknown"],
    ["2026-11-26@08:00", "unknown"],
    ["next tuesday", "unknown"],
  ])("%s", (id, unavailable) => {
    expect(windowStatus(SCHEDULE, PLAN, id, at).unavailable).toBe(unavailable)
  })

  test("a window starting sooner than the notice is too soon", () => {
    expect(windowStatus(SCHEDULE, PLAN, "2026-03-03@11:00", new Date("2026-03-03T15:30:00Z")).unavailable).toBe(
      "too_soon",
    )
  })
})
