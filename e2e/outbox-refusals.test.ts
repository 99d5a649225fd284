/**
 * A refusal the visitor cannot fix never ends a lead: the estimate wizard with every
 * function call answered 403 (the page's origin missing from ALLOWED_ORIGINS, as after an apex/www
 * mix-up) says the request is saved on this device, never "received", and keeps its three calls; once
 * the functions answer again, the next page load sends them and the lead is stored once.
 */
import { answerFunctions, gotoHydrated, useBrowser, withPage } from "./browser"
import { withDatabase } from "./database"
import { completeWizard } from "./lead-forms"

const browser = useBrowser()
const OUTBOX = "lead-outbox.v1"

test("every wizard call answered 403: the pending screen, the three calls kept in localStorage, and after the functions answer again a reload stores the lead once", () =>
  withPage(browser(), ({ page }) =>
    withDatabase(async (db) => {
      const email = "rhea.refused@example.com"
      await answerFunctions(page, 403, { success: false, error: "Origin not allowed" })
      const answered: string[] = []
      page.on("response", (response) => {
        // The lead functions' answers (the arrival-window calendar the wizard also asks is no lead's call).
        if (response.url().includes("/functions/v1/") && !response.url().includes("/arrival-windows"))
          answered.push(`${response.status()} ${response.url()}`)
      })

      await gotoHydrated(page, "/estimate/")
      await completeWizard(page, email, "Rhea Refused")
      await page.getByRole("heading", { name: "Submission Issue" }).waitFor()
      const wizard = page.locator("#estimate-wizard")
      expect(await wizard.innerText()).toContain("It is saved on this device and will be sent automatically")
      expect(await page.getByRole("alert").filter({ hasText: "Submission Issue" }).innerText()).toContain(
        "saved on this device",
      )
      // Nothing anywhere says the request was received: no function answered 2xx.
      for (const text of ["Thank You! Your Request Is In", "We've received", "Request Submitted Successfully!"])
        expect(await page.getByText(text).count()).toBe(0)
      expect(answered.filter((line) => line.startsWith("403 "))).toHaveLength(3)

      const kept = await page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? "[]") as Array<{ name: string; body: { email: string } }>,
        OUTBOX,
      )
      expect(kept.map((entry) => [entry.name, entry.body.email])).toEqual([
        ["process-simple-lead", email],
        ["process-estimate", email],
        ["send-estimate-confirmation", email],
      ])
      expect(await db`select 1 from leads where email = ${email}`).toHaveLength(0)

      // The origin is allowed again (the functions answer); the visitor reloads the page.
      await page.unroute("**/functions/v1/**")
      await page.reload({ waitUntil: "load" })
      await page.waitForSelector("html[data-hydrated]", { state: "attached" })
      // Each kept call leaves the outbox only once a function answered 2xx.
      await page.waitForFunction((key) => localStorage.getItem(key) === null, OUTBOX, { timeout: 60_000 })
      const leads = await db<{ kind: string; full_name: string; account_id: string }[]>`
        select kind, full_name, account_id from leads where email = ${email}`
      expect(leads).toHaveLength(1)
      expect(leads[0]).toMatchObject({ kind: "estimate", full_name: "Rhea Refused" })
      expect(leads[0]!.account_id).toMatch(/^WEB\d{6}-/)
    }),
  ))
