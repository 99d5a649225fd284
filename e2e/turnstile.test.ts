/**
 * The forms' Cloudflare Turnstile end to end, with the stand-in widget (e2e/turnstile-stand-in.ts) and
 * the fake siteverify the backend is pointed at (e2e/global-setup.ts): a token is sent and checked, no
 * token sends nothing, and a submission the browser kept while the backend was unreachable is stored
 * exactly once when re-sent without its token.
 */
import type { Page } from "playwright-core"
import { gotoHydrated, useBrowser, withPage } from "./browser"
import { withDatabase } from "./database"
import { standInGivesNoToken } from "./turnstile-stand-in"

const browser = useBrowser()
const MISSING = "Please complete the anti-spam check."
const OUTBOX = "lead-outbox.v1"

beforeAll(() => {
  if (process.env.E2E_TURNSTILE !== "1")
    throw new Error("public/ was built without GATSBY_TURNSTILE_SITE_KEY: build with `npm run build:canaries`")
})

async function fillContact(page: Page, name: string, email: string) {
  await gotoHydrated(page, "/contact/")
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name)
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email)
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("914-555-0100")
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Wasps under the porch roof")
}

/** Polls the database until `query` returns rows or the deadline passes (the outbox retries on its own time). */
async function eventually<T extends readonly unknown[]>(query: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows = await query()
    if (rows.length > 0 || Date.now() > deadline) return rows
    await new Promise((r) => setTimeout(r, 250))
  }
}

test("a form sends the widget's token; the backend verifies it and stores the message once", () =>
  withPage(browser(), ({ page, errors }) =>
    withDatabase(async (db) => {
      const sent: Array<Record<string, unknown>> = []
      page.on("request", (request) => {
        if (request.url().includes("/functions/v1/") && request.method() === "POST")
          sent.push(request.postDataJSON() as Record<string, unknown>)
      })
      await fillContact(page, "Tara Token", "tara@example.com")
      // Rendered above the submit button, inside the group named from data.
      const check = page.getByRole("group", { name: "Anti-spam check" })
      await check.locator("[data-turnstile-stand-in]").waitFor()
      await page.getByRole("button", { name: "Send Message" }).click()
      await page.getByRole("status").filter({ hasText: "Message sent successfully!" }).waitFor()
      expect(sent).toHaveLength(1)
      expect(sent[0]!.turnstileToken).toEqual(expect.stringMatching(/^stand-in-pass-/))
      const rows = await db`select m.submission_id, p.lead_hash from contact_messages m
        left join turnstile_passes p using (submission_id) where m.email = 'tara@example.com'`
      expect(rows).toHaveLength(1)
      expect(rows[0]!.lead_hash).toEqual(expect.any(String))
      expect(errors).toEqual([])
    }),
  ))

test("with no token from the widget the form says so next to it and sends nothing", () =>
  withPage(browser(), async ({ page }) => {
    await standInGivesNoToken(page)
    let calls = 0
    page.on("request", (request) => {
      if (request.url().includes("/functions/v1/")) calls++
    })
    await fillContact(page, "Nolan Notoken", "nolan@example.com")
    const check = page.getByRole("group", { name: "Anti-spam check" })
    await check.locator("[data-turnstile-stand-in]").waitFor()
    await page.getByRole("button", { name: "Send Message" }).click()
    await page.getByText(MISSING).waitFor()
    expect(calls).toBe(0)
    expect(await page.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe("Nolan Notoken")
    await withDatabase(async (db) => {
      expect(await db`select 1 from contact_messages where email = 'nolan@example.com'`).toHaveLength(0)
    })
  }))

test("a message kept while the backend was unreachable is re-sent without its token and stored exactly once", () =>
  withPage(browser(), ({ page }) =>
    withDatabase(async (db) => {
      await page.route("**/functions/v1/**", (route) => route.abort("connectionrefused"))
      await fillContact(page, "Kept Kim", "kim@example.com")
      await page.getByRole("group", { name: "Anti-spam check" }).locator("[data-turnstile-stand-in]").waitFor()
      await page.getByRole("button", { name: "Send Message" }).click()
      await page.getByRole("status").filter({ hasText: "Saved, not sent yet" }).waitFor()
      // The single-use token is never kept on the device.
      const kept = await page.evaluate((key) => localStorage.getItem(key) ?? "", OUTBOX)
      expect(kept).toContain("process-contact")
      expect(kept).not.toMatch(/turnstileToken|stand-in-pass/)

      // The backend is back. Its first send never arrived, so there is no remembered pass: the outbox is
      // told so (400 naming turnstileToken), gets a fresh token from a corner widget and sends again.
      await page.unroute("**/functions/v1/**")
      await gotoHydrated(page, "/about/")
      const rows = await eventually(() => db`select id from contact_messages where email = 'kim@example.com'`, 30_000)
      expect(rows).toHaveLength(1)
      await page.waitForFunction((key) => localStorage.getItem(key) === null, OUTBOX)
      // The corner widget is gone once it has answered.
      expect(await page.locator("[data-turnstile-outbox]").count()).toBe(0)

      // Later loads send nothing more.
      await gotoHydrated(page, "/")
      expect(await db`select 1 from contact_messages where email = 'kim@example.com'`).toHaveLength(1)
      expect(
        await db`select 1 from outbox_jobs j join contact_messages m on m.id = j.contact_message_id
          where m.email = 'kim@example.com' and j.kind = 'company_email'`,
      ).toHaveLength(1)
    }),
  ))
