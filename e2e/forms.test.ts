import { answerFunctions, gotoHydrated, useBrowser, withPage } from "./browser"
import { withDatabase } from "./database"
import { completeWizard, sendContact } from "./lead-forms"
import { mailTo } from "./mailbox"

const browser = useBrowser()

test("a contact message is stored, answered with a toast, and e-mailed to the company", () =>
  withPage(browser(), ({ page, errors }) =>
    withDatabase(async (db) => {
      await sendContact(page, "Casey Contact", "casey@example.com")
      const toast = page.getByRole("status").filter({ hasText: "Message sent successfully!" })
      await toast.waitFor()
      expect(await toast.innerText()).toContain("Thank you, Casey!")
      expect(await page.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe("")
      const rows = await db`select name, email, message from contact_messages where email = 'casey@example.com'`
      expect(rows).toHaveLength(1)
      const mail = await mailTo("info@westchesterfamilypest.example", /New website message from Casey Contact/)
      expect(mail.text_body).toContain("Carpenter ants on the back deck")
      expect(errors).toEqual([])
    }),
  ))

test("a full estimate is stored once, forwarded, confirmed by e-mail, and thanked", () =>
  withPage(browser(), ({ page, errors }) =>
    withDatabase(async (db) => {
      await gotoHydrated(page, "/estimate/")
      await completeWizard(page, "erin@example.com")
      await page.getByRole("heading", { name: "Thank You! Your Request Is In" }).waitFor()
      const toast = page.getByRole("status").filter({ hasText: "Request Submitted Successfully!" })
      expect(await toast.innerText()).toContain("Your request has been successfully submitted to our system!")
      expect(await page.getByText(/WEB\d{6}/).count()).toBe(1)
      const leads =
        await db`select kind, service_plan, pests, state, account_id from leads where email = 'erin@example.com'`
      expect(leads).toHaveLength(1)
      expect(leads[0]).toMatchObject({
        kind: "estimate",
        service_plan: "c-are-plus",
        pests: ["Ticks", "Termites"],
        state: "NY",
      })
      expect(leads[0]!.account_id).toMatch(/^WEB\d{6}-/)
      // The wizard's three calls: one of each e-mail and the CRM forward, and one start of the office's alerts
      // (the first alert, queued with the lead, and its next step).
      const jobs = await db<{ kind: string; dedupe_key: string }[]>`select j.kind, j.dedupe_key from outbox_jobs j
        join leads l on l.id = j.lead_id where l.email = 'erin@example.com' order by j.kind`
      const started = jobs.filter((j) => !j.kind.startsWith("alert") || j.dedupe_key.endsWith(":step:1"))
      expect(started.map((j) => j.kind)).toEqual(["alert_step", "company_email", "crm_forward", "customer_email"])
      expect(jobs.filter((j) => j.dedupe_key.includes(":step:0:")).length).toBeGreaterThan(0)
      const confirmation = await mailTo("erin@example.com", /Your free pest control estimate request/)
      expect(confirmation.text_body).toContain("C•ARE+")
      // What the thank-you promised: the pricing known from data, the validity, the windows asked for.
      expect(confirmation.text_body).toContain("Your pricing breakdown")
      expect(confirmation.text_body).toContain("48 hours from your request")
      expect(confirmation.text_body).toContain("Arrival windows you asked for")
      expect(errors).toEqual([])
    }),
  ))

/** Polls until `query` returns rows, or the time is up. */
async function eventually<T>(query: () => Promise<readonly T[]>, timeoutMs: number): Promise<readonly T[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows = await query()
    if (rows.length > 0 || Date.now() > deadline) return rows
    await new Promise((r) => setTimeout(r, 250))
  }
}

test("backend down while a visitor sends the contact form and the wizard: both kept in the browser, stored once within 30 s of the next page load", () =>
  withPage(browser(), ({ page }) =>
    withDatabase(async (db) => {
      // The backend is unreachable, as when it is stopped: every call is refused at the connection.
      await page.route("**/functions/v1/**", (route) => route.abort("connectionrefused"))
      await sendContact(page, "Dana Down", "dana@example.com")
      const notice = page.getByRole("status").filter({ hasText: "Saved, not sent yet" })
      await notice.waitFor()
      expect(await notice.innerText()).toContain("(914) 555-0123")
      expect(await page.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe("Dana Down")

      await gotoHydrated(page, "/estimate/")
      await completeWizard(page, "dana@example.com")
      // Step 8 says the request is saved on this device and will be sent, never that it was received.
      await page.getByRole("heading", { name: "Submission Issue" }).waitFor()
      expect(await page.getByRole("alert").filter({ hasText: "Submission Issue" }).innerText()).toContain(
        "saved on this device and will be sent automatically",
      )
      expect(await page.getByText("We've received your estimate request.").count()).toBe(0)
      expect(await db`select 1 from leads where email = 'dana@example.com'`).toHaveLength(0)
      const kept = await page.evaluate(
        () => JSON.parse(localStorage.getItem("lead-outbox.v1") ?? "[]") as Array<{ name: string }>,
      )
      expect(kept.map((entry) => entry.name)).toEqual([
        "process-contact",
        "process-simple-lead",
        "process-estimate",
        "send-estimate-confirmation",
      ])

      // The backend is back; the visitor opens another page.
      await page.unroute("**/functions/v1/**")
      const loadedAt = Date.now()
      await gotoHydrated(page, "/")
      const leads = await eventually(
        () => db`select kind, account_id from leads where email = 'dana@example.com'`,
        30_000,
      )
      const messages = await eventually(
        () => db`select name from contact_messages where email = 'dana@example.com'`,
        30_000,
      )
      console.log(`[e2e] kept submissions stored ${Date.now() - loadedAt} ms after the next page load`)
      expect(Date.now() - loadedAt).toBeLessThan(30_000)
      expect([...leads]).toEqual([{ kind: "estimate", account_id: expect.stringMatching(/^WEB\d{6}-/) as unknown }])
      expect([...messages]).toEqual([{ name: "Dana Down" }])
      await page.waitForFunction(() => localStorage.getItem("lead-outbox.v1") === null)

      // Another page load sends nothing again.
      await gotoHydrated(page, "/about/")
      expect(await db`select 1 from leads where email = 'dana@example.com'`).toHaveLength(1)
      expect(await db`select 1 from contact_messages where email = 'dana@example.com'`).toHaveLength(1)
      await mailTo("dana@example.com", /Your free pest control estimate request/)
    }),
  ))

test("a refusal (4xx) from the functions is a destructive toast with the phone number, and nothing is kept for re-sending", () =>
  withPage(browser(), async ({ page }) => {
    await answerFunctions(page, 400, {
      success: false,
      error: "Some fields are missing or invalid",
      fields: { phone: "Please enter a phone number with at least 10 digits" },
    })
    await sendContact(page, "Errol Error", "errol@example.com")
    await page.getByRole("alert").filter({ hasText: "Please try calling us directly at (914) 555-0123." }).waitFor()
    expect(await page.getByRole("textbox", { name: "Message", exact: true }).inputValue()).toBe(
      "Carpenter ants on the back deck",
    )
    expect(await page.evaluate(() => localStorage.getItem("lead-outbox.v1"))).toBeNull()
  }))
