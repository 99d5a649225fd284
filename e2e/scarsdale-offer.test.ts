import type { Page } from "playwright-core"
import { axeViolations } from "./axe"
import { answerFunctions, gotoHydrated, useBrowser, withPage } from "./browser"
import { withDatabase } from "./database"
import { mailTo } from "./mailbox"

const PATH = "/scarsdale-49-offer/"
const browser = useBrowser()

const exitDialog = (page: Page) => page.getByRole("dialog", { name: "Wait! Your $49 Visit Is Still Available" })

async function book(page: Page, email: string) {
  const submit = page.getByRole("button", { name: "Book My $49 Visit" })
  await submit.and(page.locator(":enabled")).waitFor()
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Sam Scarsdale")
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("(914) 555-0142")
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email)
  await page.getByRole("textbox", { name: "Property Address (Scarsdale)", exact: true }).fill("40 Heathcote Road")
  await submit.click()
}

test("the countdown is prerendered at 23:59:59 and ticks down once the page runs", () =>
  withPage(browser(), async ({ page, errors }) => {
    const html = await (await fetch(`${process.env.E2E_BASE_URL}${PATH}`)).text()
    expect(html).toMatch(/role="timer"[^>]*>23:59:59</)
    await gotoHydrated(page, PATH)
    const timer = page.getByRole("timer")
    await page.waitForFunction(() => document.querySelector("[role=timer]")?.textContent !== "23:59:59", undefined, {
      timeout: 5000,
    })
    expect(await timer.innerText()).toMatch(/^23:59:5\d$/)
    expect(errors).toEqual([])
  }))

test("a booking is stored with its offer, e-mailed to the company and the customer, and thanked", () =>
  withPage(browser(), ({ page, errors }) =>
    withDatabase(async (db) => {
      await gotoHydrated(page, PATH)
      await book(page, "sam.scarsdale@example.com")
      await page.getByRole("heading", { name: "Thank You! Your $49 Price Is Reserved" }).waitFor()
      expect(await page.getByRole("status").filter({ hasText: "Success!" }).innerText()).toContain(
        // No window picked: nothing is held, so nothing says booked.
        "Your $49 price is reserved. We'll call you within 24 hours to choose the time of your visit.",
      )
      expect(await page.getByRole("textbox", { name: "Full Name", exact: true }).count()).toBe(0)
      const leads =
        await db`select kind, full_name, phone, street_address, city, zip_code, special_offer from leads where email = 'sam.scarsdale@example.com'`
      expect(leads).toHaveLength(1)
      expect(leads[0]).toMatchObject({
        kind: "booking",
        full_name: "Sam Scarsdale",
        street_address: "40 Heathcote Road",
        city: "Scarsdale",
        zip_code: "10583",
        special_offer: "$49 Scarsdale Starter Visit",
      })
      const notice = await mailTo("info@westchesterfamilypest.example", /New \$49 Scarsdale booking from Sam Scarsdale/)
      expect(notice.text_body).toContain("40 Heathcote Road")
      await mailTo("sam.scarsdale@example.com", /Your \$49 Scarsdale Starter Visit price is reserved/)
      expect(await axeViolations(page)).toEqual([])
      expect(errors).toEqual([])
    }),
  ))

test("a refusal naming a field of the form (400) shows the Error toast with the phone number and the fields stay filled", () =>
  withPage(browser(), async ({ page }) => {
    // Only a refusal the visitor can fix is shown; any other answer is kept and re-sent (e2e/outbox-refusals.test.ts).
    await answerFunctions(page, 400, {
      success: false,
      error: "Some fields are missing or invalid",
      fields: { email: "Please enter a valid email address" },
    })
    await gotoHydrated(page, PATH)
    await book(page, "refused@example.com")
    await page
      .getByRole("alert")
      .filter({ hasText: "Something went wrong. Please call us directly at (914) 555-0123" })
      .waitFor()
    expect(await page.getByRole("textbox", { name: "Full Name", exact: true }).inputValue()).toBe("Sam Scarsdale")
  }))

test("with the backend down the booking is kept for re-sending, the visitor is told so with the phone number, and the fields stay filled", () =>
  withPage(browser(), async ({ page }) => {
    await page.route("**/functions/v1/**", (route) => route.abort("connectionrefused"))
    await gotoHydrated(page, PATH)
    await book(page, "down@example.com")
    await page
      .getByRole("status")
      .filter({ hasText: "Saved, not sent yet" })
      .filter({ hasText: "(914) 555-0123" })
      .waitFor()
    expect(await page.getByRole("textbox", { name: "Full Name", exact: true }).inputValue()).toBe("Sam Scarsdale")
    expect(await page.evaluate(() => localStorage.getItem("lead-outbox.v1"))).toContain("down@example.com")
  }))

test("leaving through the top of the window opens the exit-intent dialog once; Close hides it", () =>
  withPage(browser(), async ({ page, errors }) => {
    await gotoHydrated(page, PATH)
    await page.mouse.move(400, 300)
    await page.mouse.move(400, -5)
    await exitDialog(page).waitFor()
    expect(await exitDialog(page).getByRole("link", { name: "Call (914) 555-0123" }).getAttribute("href")).toBe(
      "tel:+19145550123",
    )
    expect(await axeViolations(page)).toEqual([])
    await exitDialog(page).getByRole("button", { name: "Close" }).click()
    await exitDialog(page).waitFor({ state: "detached" })
    // The marker that the second exit was handled: a listener of our own on the same exit, installed before it,
    // that settles once the page has handled the event and painted the frame after it (where a reopened dialog
    // would be).
    await page.evaluate(() => {
      const exits = window as unknown as { secondExit?: Promise<void> }
      exits.secondExit = new Promise<void>((resolve) => {
        const onMouseOut = (event: MouseEvent) => {
          if (event.relatedTarget !== null || event.clientY > 0) return
          document.removeEventListener("mouseout", onMouseOut)
          requestAnimationFrame(() => setTimeout(resolve))
        }
        document.addEventListener("mouseout", onMouseOut)
      })
    })
    await page.mouse.move(400, 300)
    await page.mouse.move(400, -5)
    await page.evaluate(() => (window as unknown as { secondExit?: Promise<void> }).secondExit)
    expect(await exitDialog(page).count()).toBe(0)
    expect(errors).toEqual([])
  }))

test("the sticky call button shows on a 390px phone and not on a 1280px desktop", () =>
  withPage(
    browser(),
    async ({ page }) => {
      await gotoHydrated(page, PATH)
      // One load, resized in place: the site lays out by CSS media queries alone, no script reads the width.
      for (const [width, visible] of [
        [390, true],
        [1280, false],
      ] as const) {
        await page.setViewportSize({ width, height: 844 })
        const sticky = page.getByRole("link", { name: "Call Now: (914) 555-0123" })
        expect(await sticky.isVisible()).toBe(visible)
        if (visible) {
          const box = await sticky.boundingBox()
          expect(box && box.y + box.height).toBeGreaterThan(844 - 20)
        }
      }
    },
    { width: 390, height: 844 },
  ))
