/**
 * The Spanish header as a visitor sees it: its opening hours whole (each group of days on a line that fits,
 * none cut off), and every phone number on one line, at a phone's and a desktop's width.
 */
import { gotoHydrated, useBrowser, withPage } from "./browser"

const browser = useBrowser()

describe.each([
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 900 }],
])("the Spanish home page at %s width", (_width, viewport) => {
  test("shows the header's hours whole and every phone number on one line", async () => {
    await withPage(
      browser(),
      async ({ page }) => {
        await gotoHydrated(page, "/es/", "load")
        const measured = await page.evaluate(() => {
          const box = (el: Element) => el.getBoundingClientRect()
          const visible = (el: Element) => box(el).width > 0 && box(el).height > 0
          const hours = [...document.querySelectorAll("header [data-hours-line]")].filter(visible).map((el) => ({
            text: el.textContent,
            clipped:
              el.scrollWidth > el.clientWidth ||
              (el.parentElement?.scrollWidth ?? 0) > (el.parentElement?.clientWidth ?? 0),
            inside: box(el).left >= 0 && box(el).right <= window.innerWidth,
          }))
          const numbers = [...document.querySelectorAll("[data-phone-number]")].filter(visible).map((el) => ({
            text: el.textContent,
            lines: el.getClientRects().length,
          }))
          return { hours, numbers }
        })
        if (viewport.width >= 1280) expect(measured.hours.length).toBeGreaterThan(0)
        for (const line of measured.hours) expect(line).toEqual({ text: line.text, clipped: false, inside: true })
        expect(measured.numbers.length).toBeGreaterThan(0)
        for (const number of measured.numbers) expect(number).toEqual({ text: number.text, lines: 1 })
      },
      viewport,
    )
  })
})
