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

/** A request stored as a form sends it, straight to the functions (the forms have their own tests); its e-mail. */
async function sent(name: string, body: Record<string, unknown>) {
  const response = await fetch(`${process.env.E2E_API_URL}/functions/v1/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: LOCAL_ANON_KEY },
    body: JSON.stringify({
      submissionId: randomUUID(),
      turnstileToken: standInToken(),
      website: "",
      formFillMs: 30_000,
      ...body,
    }),
  })
  expect(response.status).toBe(200)
}

/** The first arrival window the calendar offers now. */
async function firstWindow(): Promise<string> {
  const calendar = (await (await fetch(`${process.env.E2E_API_URL}/functions/v1/arrival-windows`)).json()) as {
    windows?: Array<{ id: string }>
  }
  const id = calendar.windows?.[0]?.id
  if (!id) throw new Error(`the calendar offers no window now: ${JSON.stringify(calendar).slice(0, 200)}`)
  return id
}

const VIEWPORTS = [
  ["390", { width: 390, height: 844 }],
  ["1280", { width: 1280, height: 900 }],
] as const

test.each(VIEWPORTS)(
  "at %s px: a Spanish lead's page says Prefers Spanish with its phone to tap before taking; the outcome reaches the CRM; the inbox, a second confirmation and the board say what happened",
  (width, viewport) =>
    withPage(
      browser(),
      ({ page, errors }) =>
        withDatabase(async (db) => {
          const who = `Lucia Office${width}`
          const email = `lucia.${width}@example.com`
          const windowId = await firstWindow()
          await sent("process-simple-lead", {
            fullName: who,
            phone: "(914) 555-0147",
            email,
            streetAddress: "40 Heathcote Road",
            city: "Scarsdale",
            zipCode: "10583",
            specialOffer: "$49 Scarsdale Starter Visit",
            language: "es",
            preferredWindows: [windowId],
          })

          // The on-call contact's SMS: "I'm on it" in Office's name.
          const sms = await alertWith("sms", new RegExp(who))
          await gotoHydrated(page, `/office/acknowledge/#t=${linkToken(sms.body, "acknowledge")}`, "load")
          await page.getByRole("heading", { name: `New lead: ${who}` }).waitFor()
          await page.getByText("Prefers Spanish: call back in Spanish").waitFor()
          // Phone, text and e-mail can be tapped before "I'm on it".
          expect(await page.getByRole("link", { name: "(914) 555-0147" }).getAttribute("href")).toBe("tel:+19145550147")
          expect(await page.getByRole("link", { name: "Send a text" }).getAttribute("href")).toBe("sms:+19145550147")
          expect(await page.getByRole("link", { name: email }).getAttribute("href")).toBe(`mailto:${email}`)
          await page.getByRole("button", { name: "I'm on it" }).click()
          await page.getByRole("heading", { name: "It's yours, Office" }).waitFor()
          await page.getByText("Prefers Spanish: call back in Spanish").waitFor()

          // The outcome: saved, then said to have reached the customer system once the outbox delivered it.
          await page.getByRole("radio", { name: "Reached the customer" }).check()
          await page.getByRole("button", { name: "Save outcome" }).click()
          await page.getByRole("heading", { name: "Outcome saved" }).waitFor()
          expect(await page.getByText(/sent on to the customer system/i).count()).toBeLessThanOrEqual(1)
          await page.getByRole("status").filter({ hasText: "Sent on to the customer system." }).waitFor()
          const forwarded = await db<{ status: string }[]>`select status from outbox_jobs where kind = 'crm_forward'
            and payload->>'event' = 'lead.outcome' and payload->'customer'->>'name' = ${who}`
          expect(forwarded.map((j) => j.status)).toEqual(["sent"])

          // The office's own notice: its "Confirm <window>" link is the inbox's; confirmed, then opened again.
          const notice = await mailTo("info@westchesterfamilypest.example", new RegExp(who))
          await gotoHydrated(page, `/office/confirm/#t=${linkToken(notice.text_body, "confirm")}`, "load")
          await page.getByRole("button", { name: "Confirm this window" }).click()
          await page.getByRole("heading", { name: /^Booked: / }).waitFor()
          await page.reload()
          await page.waitForSelector("html[data-hydrated]", { state: "attached" })
          await page.getByRole("heading", { name: "Already booked" }).waitFor()
          const again = await page.getByText(/^This request was already confirmed for /).innerText()
          expect(again).toMatch(/, from the Office inbox\. Nothing was changed\.$/)
          expect(again).not.toMatch(/by\s*\./)

          // An English message taken from the inbox's own link: "You're on it", not "It's yours, Office inbox".
          const other = `Omar Inbox${width}`
          await sent("process-contact", {
            name: other,
            email: `omar.${width}@example.com`,
            phone: "914-555-0148",
            message: "Mice in the attic",
          })
          const inboxNotice = await mailTo("info@westchesterfamilypest.example", new RegExp(other))
          await gotoHydrated(page, `/office/acknowledge/#t=${linkToken(inboxNotice.text_body, "acknowledge")}`, "load")
          await page.getByRole("heading", { name: `New lead: ${other}` }).waitFor()
          expect(await page.getByText("Prefers Spanish").count()).toBe(0)
          await page.getByRole("button", { name: "I'm on it" }).click()
          await page.getByRole("heading", { name: "You're on it" }).waitFor()
          await page.getByText("It is recorded as taken from the Office inbox").waitFor()
          expect(await page.getByText(/yours, Office inbox/).count()).toBe(0)

          // The board, from the same page: the Spanish lead's entry opens its request, where an outcome is recorded.
          // The links name the site's public address (SITE_URL); here the same paths are opened on the local build.
          const local = (link: string | null) => new URL(link ?? "").pathname + new URL(link ?? "").hash
          await gotoHydrated(
            page,
            local(await page.getByRole("link", { name: "See today's board" }).getAttribute("href")),
            "load",
          )
          const today = page.getByRole("region", { name: "Today" })
          const entry = today.getByRole("link", { name: who })
          await entry.waitFor()
          expect(await today.innerText()).toContain("Taken from the Office inbox")
          expect(local(await entry.getAttribute("href"))).toMatch(/^\/office\/acknowledge\/#t=/)
          await gotoHydrated(page, local(await entry.getAttribute("href")), "load")
          await page.getByRole("heading", { level: 2, name: "Someone is already on it" }).waitFor()
          await page.getByText("Prefers Spanish: call back in Spanish").waitFor()
          await page.getByRole("radio", { name: "Left a message" }).check()
          await page.getByRole("button", { name: "Change outcome" }).click()
          await page.getByRole("heading", { name: "Outcome saved" }).waitFor()
          const [lead] = await db`select outcome from leads where email = ${email}`
          expect(lead?.outcome).toBe("left_message")

          const { scrollWidth, innerWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
          }))
          expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
          expect(errors).toEqual([])
        }),
      viewport,
    ),
)

test.each(VIEWPORTS)(
  "at %s px: a $49 booking's held window is released from the notice's link, once, and the page says so",
  (width, viewport) =>
    withPage(
      browser(),
      ({ page, errors }) =>
        withDatabase(async (db) => {
          const who = `Hana Held${width}`
          const email = `hana.${width}@example.com`
          await sent("process-simple-lead", {
            fullName: who,
            phone: "(914) 555-0151",
            email,
            streetAddress: "12 Popham Road",
            city: "Scarsdale",
            zipCode: "10583",
            specialOffer: "$49 Scarsdale Starter Visit",
            preferredWindows: [await firstWindow()],
          })
          const notice = await mailTo("info@westchesterfamilypest.example", new RegExp(who))
          await gotoHydrated(page, `/office/confirm/#t=${linkToken(notice.text_body, "confirm")}`, "load")
          await page.getByText(`This window is held for ${who}'s $49 booking.`, { exact: false }).waitFor()
          await page.getByRole("button", { name: "Release this window" }).click()
          await page.getByRole("heading", { name: /^Released: / }).waitFor()
          await page
            .getByText(`${who} is being sent a message that it is no longer held for them.`, { exact: false })
            .waitFor()
          const holds = await db`select h.window_id from window_holds h join leads l on l.id = h.lead_id
            where l.email = ${email}`
          expect(holds).toHaveLength(0)
          const told = await db`select o.id from outbox_jobs o join leads l on l.id = o.lead_id
            where l.email = ${email} and o.dedupe_key like 'hold-release:%' and o.kind = 'customer_email'`
          expect(told).toHaveLength(1)

          // Opened again: nothing is held any more, so there is nothing to release.
          await page.reload()
          await page.waitForSelector("html[data-hydrated]", { state: "attached" })
          await page.getByRole("button", { name: "Confirm this window" }).waitFor()
          expect(await page.getByRole("button", { name: "Release this window" }).count()).toBe(0)
          expect(errors).toEqual([])
        }),
      viewport,
    ),
)
