/**
 * Arrival windows end to end: on a 390 px phone, the wizard's step 5 lists the calendar of the real
 * arrival-windows function; the first window offered is picked, the review and thank-you name it, and the
 * stored lead keeps it (leads.preferred_windows) with its instants and nothing marked against it. With the
 * calendar down, the picker says the office will call to schedule, and the lead is sent and stored without.
 */
import type { Page } from "playwright-core"
import { axeReport } from "./axe"
import { gotoHydrated, useBrowser, withPage } from "./browser"
import { withDatabase } from "./database"
import { fillWizard } from "./lead-forms"

const browser = useBrowser()
const PHONE = { width: 390, height: 844 }
const LEGEND = "When would you like us to come?"
const CALL_ME = "Call me to schedule"
const anInstant: unknown = expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/)

test("a wizard lead with the first window offered on step 5 is stored with it, at phone width", () =>
  withPage(
    browser(),
    ({ page, errors }) =>
      withDatabase(async (db) => {
        const { problems, axe, targets } = axeReport()
        let picked = { id: "", label: "" }
        const pickFirstWindow = async (step5: Page) => {
          const picker = step5.getByRole("group", { name: LEGEND })
          // The first box after "Call me to schedule", once the calendar has come.
          const first = picker.getByRole("checkbox").and(step5.locator("[name=preferredWindows]")).first()
          await first.waitFor()
          expect(await picker.getByRole("checkbox", { name: CALL_ME }).isChecked()).toBe(true)
          await first.check()
          expect(await picker.getByRole("checkbox", { name: CALL_ME }).isChecked()).toBe(false)
          picked = {
            id: (await first.getAttribute("value")) ?? "",
            label: (await first.locator("xpath=..").innerText()).trim(),
          }
          await axe(step5, "step 5 with a window picked")
          await targets(step5, "step 5 with a window picked", "#estimate-wizard")
          const { scrollWidth, innerWidth } = await step5.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
          }))
          expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
        }

        await gotoHydrated(page, "/estimate/")
        await fillWizard(page, "wanda@example.com", "Wanda Window", pickFirstWindow)
        expect(picked.id).toMatch(/^\d{4}-\d\d-\d\d@\d\d:\d\d$/)
        const review = page.locator("dl div").filter({ hasText: "Preferred arrival windows" })
        expect(await review.innerText()).toContain(picked.label)
        await page.getByRole("button", { name: "Get My Free Estimate" }).click()
        await page.getByRole("heading", { name: "Thank You! Your Request Is In" }).waitFor()
        expect(await page.getByText(/^You asked for:/).innerText()).toContain(picked.label)

        const leads = await db<{ preferred_windows: Array<Record<string, unknown>> | null }[]>`
          select preferred_windows from leads where email = 'wanda@example.com'`
        expect(leads).toHaveLength(1)
        expect(leads[0]!.preferred_windows).toEqual([{ id: picked.id, startsAt: anInstant, endsAt: anInstant }])
        expect(problems).toEqual([])
        expect(errors).toEqual([])
      }),
    PHONE,
  ))

test("the calendar down: step 5 says the office will call to schedule, and the lead is stored without windows", () =>
  withPage(
    browser(),
    ({ page }) =>
      withDatabase(async (db) => {
        // Only the calendar fails; the lead functions answer as ever.
        await page.route("**/functions/v1/arrival-windows", (route) =>
          route.fulfill({ status: 503, contentType: "application/json", body: '{"success":false}' }),
        )
        const checkStep5 = async (step5: Page) => {
          await step5.getByText("We couldn't load our calendar just now").waitFor()
          expect(await step5.getByRole("checkbox", { name: CALL_ME }).isChecked()).toBe(true)
          expect(await step5.locator("[name=preferredWindows]").count()).toBe(0)
        }
        await gotoHydrated(page, "/estimate/")
        await fillWizard(page, "carl.calendar@example.com", "Carl Calendar", checkStep5)
        await page.getByRole("button", { name: "Get My Free Estimate" }).click()
        await page.getByRole("heading", { name: "Thank You! Your Request Is In" }).waitFor()
        const leads = await db<{ preferred_windows: unknown }[]>`
          select preferred_windows from leads where email = 'carl.calendar@example.com'`
        expect(leads).toEqual([{ preferred_windows: null }])
      }),
    PHONE,
  ))
