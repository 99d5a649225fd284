import { randomUUID } from "node:crypto"
import { LOCAL_ANON_KEY } from "../supabase/functions/_shared/kernel/local-defaults"
import { gotoHydrated, useBrowser, withPage } from "./browser"
import { withDatabase } from "./database"
import { alertWith, linkToken, mailTo } from "./mailbox"
import { standInToken } from "./turnstile-stand-in"

const browser = useBrowser()
const PHONE = { width: 390, height: 844 }

test("a contact message alerts the office by SMS and chat; 'I'm on it' on a phone records who, once", () =>
  withPage(
    browser(),
    ({ page, errors }) =>
      withDatabase(async (db) => {
        await gotoHydrated(page, "/contact/")
        await page.getByRole("textbox", { name: "Name", exact: true }).fill("Olive Office")
        await page.getByRole("textbox", { name: "Email", exact: true }).fill("olive@example.com")
        await page.getByRole("textbox", { name: "Phone", exact: true }).fill("(914) 555-0190")
        await page.getByRole("textbox", { name: "Message", exact: true }).fill("Wasps under the porch roof")
        await page.getByRole("button", { name: "Send Message" }).click()

        const sms = await alertWith("sms", /Olive Office/)
        expect(sms.body).toContain("+19145550190")
        expect(sms.body).toContain("Wasps under the porch roof")
        const chat = await alertWith("chat", /Olive Office/)
        expect(chat.body).toContain("<tel:+19145550190|(914) 555-0190>")
        const token = linkToken(sms.body, "acknowledge")
        expect(token).not.toBe("")

        // A tampered link changes nothing and says so.
        await gotoHydrated(page, `/office/acknowledge/#t=${token.slice(0, -3)}abc`, "load")
        await page.getByRole("heading", { name: "This link is not valid" }).waitFor()

        await gotoHydrated(page, `/office/acknowledge/#t=${token}`, "load")
        await page.getByRole("heading", { name: "New lead: Olive Office" }).waitFor()
        const [before] = await db`select acknowledged_at from contact_messages where email = 'olive@example.com'`
        expect(before?.acknowledged_at).toBeNull()
        await page.getByRole("button", { name: "I'm on it" }).click()
        await page.getByRole("heading", { name: "It's yours, Office" }).waitFor()
        expect(await page.getByRole("link", { name: "Call Olive Office" }).getAttribute("href")).toBe(
          "tel:+19145550190",
        )
        const [after] = await db`select first_alerted_at, acknowledged_at, acknowledged_by from contact_messages
          where email = 'olive@example.com'`
        expect(after).toMatchObject({ acknowledged_by: "Office" })
        expect(after?.first_alerted_at).toBeInstanceOf(Date)
        // The one error is the browser's note of the tampered link's 400, which the page answered.
        expect(errors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"])
      }),
    PHONE,
  ))

test("spam is listed in the office's digest, and 'Not spam' makes it a lead once", () =>
  withPage(browser(), ({ page, errors }) =>
    withDatabase(async (db) => {
      const submissionId = randomUUID()
      const response = await fetch(`${process.env.E2E_API_URL}/functions/v1/process-contact`, {
        method: "POST",
        headers: { "content-type": "application/json", apikey: LOCAL_ANON_KEY },
        body: JSON.stringify({
          submissionId,
          // The backend checks Turnstile when the build has the widget (e2e/global-setup.ts); the fake passes this.
          turnstileToken: standInToken(),
          website: "https://bot.example",
          formFillMs: 5000,
          name: "Real Person Caught",
          email: "caught@example.com",
          phone: "914-555-0191",
          message: "I really do have ants",
        }),
      })
      expect(response.status).toBe(200)
      expect(await db`select id from contact_messages where email = 'caught@example.com'`).toHaveLength(0)
      // The digest waits for opening time; bring it forward rather than wait for the morning.
      await db`update outbox_jobs set next_attempt_at = now() where kind = 'spam_digest' and status = 'pending'`
      const digest = await mailTo("info@westchesterfamilypest.example", /filed as spam/)
      expect(digest.text_body).toContain("Real Person Caught")
      const token = linkToken(digest.text_body, "release")

      await gotoHydrated(page, `/office/release/#t=${token}`, "load")
      await page.getByRole("heading", { name: "Not spam? Real Person Caught" }).waitFor()
      await page.getByRole("button", { name: "Not spam" }).click()
      await page.getByRole("heading", { name: "Released" }).waitFor()
      // Opened again later (a new load: the same address in the same tab would not reload the page).
      await page.reload()
      await page.waitForSelector("html[data-hydrated]", { state: "attached" })
      await page.getByRole("heading", { name: "Already released" }).waitFor()
      expect(await db`select id from contact_messages where email = 'caught@example.com'`).toHaveLength(1)
      await mailTo("info@westchesterfamilypest.example", /New website message from Real Person Caught/)
      expect(errors).toEqual([])
    }),
  ))
