/**
 * How a time ends a sentence, and the words after a count of windows: es-US's "8:00 a. m." the same in every
 * ICU, one period after a time that ends with its own, and the singular after one window.
 */
import { labelWindow, timeOfDay } from "../supabase/functions/_shared/kernel/arrival-windows"
import { fill } from "../supabase/functions/_shared/kernel/escape"
import { templatePieces } from "../supabase/functions/_shared/alerts/sms-fit"
import { thankYouLine } from "../src/lib/arrival-windows/window-labels"
import { windowTexts } from "./fixtures/data"

const ZONE = "America/New_York"
/** Tue, Dec 1 2026, 8:00 to 11:00 in New York. */
const WINDOW = { startsAt: "2026-12-01T13:00:00Z", endsAt: "2026-12-01T16:00:00Z" }

describe("es-US times", () => {
  test("are written 8:00 a. m. with plain spaces, noon and midnight included", () => {
    expect(timeOfDay(new Date("2026-12-01T13:00:00Z"), ZONE, "es")).toBe("8:00 a. m.")
    expect(timeOfDay(new Date("2026-12-01T17:00:00Z"), ZONE, "es")).toBe("12:00 p. m.")
    expect(timeOfDay(new Date("2026-12-01T18:30:00Z"), ZONE, "es")).toBe("1:30 p. m.")
    expect(timeOfDay(new Date("2026-12-02T05:00:00Z"), ZONE, "es")).toBe("12:00 a. m.")
  })

  test("English keeps Intl's", () => {
    expect(timeOfDay(new Date("2026-12-01T13:00:00Z"), ZONE, "en")).toMatch(/^8:00\sAM$/u)
  })

  test("a window's label takes them", () => {
    expect(labelWindow(WINDOW, ZONE, "{day} · {start} – {end}", "es")).toBe("mar, 1 de dic · 8:00 a. m. – 11:00 a. m.")
  })
})

describe("a sentence that ends with a time ends once", () => {
  test("fill drops the template's period after a value that has its own", () => {
    expect(fill("Llega el {window}. Ref {ref}.", { window: "mar · 11:00 a. m.", ref: "W1" })).toBe(
      "Llega el mar · 11:00 a. m. Ref W1.",
    )
  })

  test("fill keeps an ellipsis, and a period after a value without one", () => {
    expect(fill("{a}... {b}.", { a: "8:00 a. m.", b: "ok" })).toBe("8:00 a. m.... ok.")
  })

  test("an SMS's pieces do the same with our values, never with the visitor's", () => {
    const text = (pieces: ReturnType<typeof templatePieces>) => pieces.map((p) => p.text).join("")
    expect(
      text(templatePieces("para el {window}. Ref {ref}.", { window: { text: "11:00 a. m." }, ref: { text: "W1" } })),
    ).toBe("para el 11:00 a. m. Ref W1.")
    expect(text(templatePieces("Hola {name}. Ref", { name: { text: "J.", cut: true } }))).toBe("Hola J.. Ref")
  })
})

describe("the thank-you line after the windows", () => {
  const texts = windowTexts("es")

  test("is singular after one window and plural after several", () => {
    expect(thankYouLine(texts, ["mar · 8:00 a. m. – 11:00 a. m."])).toBe(
      fill(texts.thankYouLineOne, { windows: "mar · 8:00 a. m. – 11:00 a. m." }),
    )
    expect(thankYouLine(texts, ["a", "b"])).toBe(fill(texts.thankYouLine, { windows: "a; b" }))
    expect(texts.thankYouLineOne).not.toBe(texts.thankYouLine)
  })

  test("names a window that ends with a time with one period after it", () => {
    expect(thankYouLine(texts, ["mar · 8:00 a. m. – 11:00 a. m."])).not.toMatch(/m\.\./)
  })

  test("is none when no window was picked", () => {
    expect(thankYouLine(texts, [])).toBeNull()
  })
})
