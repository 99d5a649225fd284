/**
 * @jest-environment node
 *
 * The out-of-town reading and the one address formatter attacked: a town in another case, accents, extra
 * spaces and commas, a ZIP+4, only a ZIP, an apartment, a town's name inside a street's, a very long street,
 * RTL and emoji; a callback's blank city; and the .ics LOCATION's escaping.
 */
import { icsOf } from "../../supabase/functions/_shared/appointments/ics"
import { formatAddress } from "../../supabase/functions/_shared/kernel/address"
import { bookingOutside, callbackOutside } from "../../supabase/functions/_shared/kernel/offer-towns"
import { CITY_OFFERS } from "../../supabase/functions/_shared/kernel/site-data.generated"

const yonkersOffer = CITY_OFFERS.find((o) => o.city === "Yonkers")
const yonkersName = Object.values(yonkersOffer?.specialOffers ?? {})[0] ?? ""

describe("a $49 booking's typed street (Scarsdale, 10583)", () => {
  test.each([
    ["5 Elm St, yonkers", "yonkers"],
    ["5 Elm St, YONKERS, NY", "YONKERS"],
    ["5 Elm St ,  Yonkers ,  ny  10701", "Yonkers"],
    ["5 Elm St,, Yonkers,, NY,, 10701", "Yonkers"],
    ["5 Elm St, Yonkers, NY 10701-1234", "Yonkers"],
    ["5 Elm St, White Plains NY", "White Plains"],
    ["5 Elm St, Whité Plains", "Whité Plains"],
    ["10701", "10701"],
    ["5 Elm St 10701-1234", "10701"],
  ])("%j is outside, at %j", (street, place) => {
    expect(bookingOutside(street)?.place).toBe(place)
  })

  test.each([
    "5 Popham Rd",
    "5 Popham Rd, Scarsdale",
    "5 Popham Rd, scarsdale, ny 10583",
    "5 Popham Rd, SCÀRSDALE, NY 10583-1234",
    "Apt 5, Scarsdale",
    "Apt 5, 12 Yonkers Ave, Scarsdale",
    "12 Yonkers Ave, Scarsdale",
    "12 Yonkers Ave",
    "12 White Plains Rd",
    "12 Old Yonkers Rd, Scarsdale, NY 10583",
    "10583",
    "10583-1234",
    "",
    "   ,  , ",
    `${"9".repeat(5)} ${"Long ".repeat(2_000)}Rd`,
    "\u202e5 Popham Rd\u202c, Scarsdale",
    "🐜 5 Popham Rd, Scarsdale 🐜",
  ])("%j is inside (or says no other town)", (street) => {
    expect(bookingOutside(street)).toBeNull()
  })

  test("a very long street is read in linear time", () => {
    const street = `${"a, ".repeat(20_000)}Yonkers`
    const started = performance.now()
    expect(bookingOutside(street)?.place).toBe("Yonkers")
    expect(performance.now() - started).toBeLessThan(500)
  })
})

describe("a city offer's callback", () => {
  test.each(["", "   ", "\t\n", "yonkers", "YONKERS", " Yonkers ", "Yónkers"])("city %j is not flagged", (city) => {
    expect(callbackOutside(yonkersName, city)).toBeNull()
  })
  test.each(["White Plains", "white plains ", "Rye"])("city %j is flagged", (city) => {
    expect(callbackOutside(yonkersName, city)?.place).toBe(city.trim())
  })
})

describe("one address, written once", () => {
  test.each([
    [{ street: "12 Oak Ln", city: "Scarsdale", state: "NY", zip: "10583" }, "12 Oak Ln, Scarsdale, NY 10583"],
    [
      { street: "12 Oak Ln, Scarsdale, NY 10583", city: "Scarsdale", state: "NY", zip: "10583" },
      "12 Oak Ln, Scarsdale, NY 10583",
    ],
    [
      { street: "12 Oak Ln scarsdale ny 10583", city: "Scarsdale", state: "NY", zip: "10583" },
      "12 Oak Ln, Scarsdale, NY 10583",
    ],
    [
      { street: "12 Oak Ln, Scarsdale, NY 10583-1234", city: "Scarsdale", state: "NY", zip: "10583" },
      "12 Oak Ln, Scarsdale, NY 10583",
    ],
    [{ street: "  12   Oak Ln ,, ", city: " Scarsdale ", state: "ny", zip: "10583" }, "12 Oak Ln, Scarsdale, NY 10583"],
    [{ street: "Apt 5, 12 Oak Ln", city: "Scarsdale", zip: "10583" }, "Apt 5, 12 Oak Ln, Scarsdale, 10583"],
    [{ street: "40 Old Scarsdale", city: "Scarsdale", zip: "10583" }, "40 Old Scarsdale, Scarsdale, 10583"],
    [{ street: "5 Elm St, Yonkers, NY 10701", city: "Scarsdale", zip: "10583" }, "5 Elm St, Yonkers, NY 10701"],
    [{ street: "", city: "", state: "NY", zip: "" }, ""],
    [{ street: null, city: null, zip: "10583" }, "10583"],
  ])("%j is %j", (parts, written) => {
    expect(formatAddress(parts)).toBe(written)
  })
})

describe("the .ics LOCATION", () => {
  const event = (location: string) =>
    icsOf(
      {
        uid: "lead-1@example.com",
        stamp: new Date("2026-12-01T12:00:00Z"),
        startsAt: new Date("2026-12-01T13:00:00Z"),
        endsAt: new Date("2026-12-01T16:00:00Z"),
        summary: "Visit",
        description: "Visit",
        location,
        organizer: { name: "Pest Co", email: "office@example.com" },
      },
      "Pest Co",
    )
  /** The unfolded LOCATION value, as a calendar reads it back (RFC 5545 §3.1, §3.3.11). */
  const locationOf = (ics: string) => {
    const line =
      ics
        .replace(/\r\n /g, "")
        .split("\r\n")
        .find((l) => l.startsWith("LOCATION:")) ?? ""
    return line.slice("LOCATION:".length)
  }
  const unescape = (value: string) =>
    value.replace(/\\([\\;,nN])/g, (_, c: string) => (c.toLowerCase() === "n" ? "\n" : c))

  test.each([
    "12 Oak Ln, Scarsdale, NY 10583",
    "12 Oak Ln; back door, Scarsdale",
    "12 Oak Ln\nApt 5\r\nScarsdale",
    "C:\\temp\\, Scarsdale",
    `${"12 Oak Ln, ".repeat(40)}Scarsdale`,
    "Calle Ñandú 5, Yonkers 🐜 \u202eRTL",
  ])("%j is escaped, folded, and reads back as written", (location) => {
    const ics = event(location)
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    const value = locationOf(ics)
    expect(value).not.toMatch(/(?<!\\)[;,]/)
    expect(unescape(value)).toBe(location.replace(/\r\n|\r/g, "\n"))
  })

  test("control characters never reach the file (a calendar refuses it)", () => {
    const value = locationOf(event("12 Oak Ln\u000b\u0000\u001b, Scarsdale\u0085"))
    expect(value).not.toMatch(/(?!\t)\p{Cc}/u)
  })
})
