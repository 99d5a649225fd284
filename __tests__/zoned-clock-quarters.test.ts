/**
 * The company's clock reads each quarter hour's offset once (kernel/business-hours.ts): whatever the instant
 * and the zone, what it says must be what Intl says, on both sides of every daylight-saving change.
 */
import fc from "fast-check"
import { formatterFor, localIso, zonedClock, zonedDate } from "../supabase/functions/_shared/kernel/business-hours"

const ZONES = [
  "America/New_York",
  "UTC",
  "Asia/Kolkata",
  "Australia/Lord_Howe", // half-hour daylight saving
  "Asia/Kathmandu", // +05:45
  "Pacific/Chatham", // +12:45 / +13:45
  "America/St_Johns", // -03:30, changes at 02:00 local
  "Europe/Dublin",
]

/** Intl's own reading of the instant, as the clock's fields. */
function intlReading(at: Date, timeZone: string) {
  const format = formatterFor(timeZone)
  const parts = format.formatToParts(at)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ""
  return {
    day: get("weekday"),
    minutes: Number(get("hour")) * 60 + Number(get("minute")),
    date: `${get("year")}-${get("month")}-${get("day")}`,
    seconds: get("second"),
  }
}

const expectSame = (at: Date, timeZone: string) => {
  const intl = intlReading(at, timeZone)
  expect({ ...zonedClock(at, timeZone), date: zonedDate(at, timeZone) }).toEqual({
    day: intl.day,
    minutes: intl.minutes,
    date: intl.date,
  })
  expect(localIso(at, timeZone).slice(17, 19)).toBe(intl.seconds)
}

describe("the company's clock, read a quarter hour at a time", () => {
  test("any instant from 2000 to 2040, in zones with odd offsets and changes, reads as Intl reads it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom(...ZONES),
        (ms, zone) => expectSame(new Date(ms), zone),
      ),
      { numRuns: 3_000 },
    )
  })

  // New York's changes of 2026 fall on quarter hours; Monrovia's and Dublin's of 1972 and 1916 at odd seconds, inside one.
  test.each([
    ["America/New_York", "2026-03-08T07:00:00Z"],
    ["America/New_York", "2026-11-01T06:00:00Z"],
    ["Africa/Monrovia", "1972-01-07T00:44:30Z"],
    ["Europe/Dublin", "1916-05-21T02:25:21Z"],
    ["Asia/Kolkata", "1905-12-31T18:38:50Z"],
  ])("every second for 20 minutes either side of %s's change at %s reads as Intl reads it", (zone, change) => {
    const at = Date.parse(change)
    for (let ms = at - 20 * 60_000; ms <= at + 20 * 60_000; ms += 1_000) expectSame(new Date(ms), zone)
    // And the milliseconds just before and at the change.
    for (const ms of [at - 1, at, at + 1, at + 999]) expectSame(new Date(ms), zone)
  })

  test("an instant that is no time reads as Intl reads it (it throws alike)", () => {
    expect(() => zonedClock(new Date(Number.NaN), "UTC")).toThrow(RangeError)
  })
})
