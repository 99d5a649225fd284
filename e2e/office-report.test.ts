import { randomUUID } from "node:crypto"
import { signLink } from "../supabase/functions/_shared/office-links/signed-link"
import { gotoHydrated, useBrowser, withPage } from "./browser"
import { E2E_LINK_SECRET } from "./link-secret"
import { mailTo } from "./mailbox"

const browser = useBrowser()
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

/** The morning summary's link to a past week's report, signed as the backend signs it (an hour to live). */
const reportToken = () =>
  signLink(E2E_LINK_SECRET, {
    purpose: "report",
    record: "report",
    id: randomUUID(),
    to: "Office",
    expires: Math.floor(Date.now() / 1000) + 3_600,
  })

/** How the report's subject names a week's first day (2026-11-16: "Nov 16, 2026"). */
const subjectDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  })

// Each width asks for another week, so each finds its own e-mail.
test.each([
  ["a phone", PHONE, 1],
  ["a desktop", DESKTOP, 2],
])("on %s, the owner picks an ended week and its report is e-mailed, once", (_, viewport, index) =>
  withPage(
    browser(),
    async ({ page, errors }) => {
      const token = reportToken()
      // A changed link changes nothing and says so.
      await gotoHydrated(page, `/office/report/#t=${token.slice(0, -3)}abc`, "load")
      await page.getByRole("heading", { name: "This link is not valid" }).waitFor()

      await gotoHydrated(page, `/office/report/#t=${token}`, "load")
      await page.getByRole("heading", { name: "Which week's report?" }).waitFor()
      const week = page.getByRole("combobox", { name: "Week" })
      expect(await week.locator("option").count()).toBe(12)
      const [chosen] = await week.selectOption({ index })
      await page.getByRole("button", { name: "E-mail this week's report" }).click()
      await page.getByRole("heading", { name: "Report on its way" }).waitFor()
      const said = (await page.getByText(/is on its way to/).textContent()) ?? ""
      expect(said).toContain(`the week of ${chosen}`)
      const to = /on its way to (\S+)\.$/.exec(said)?.[1] ?? ""
      const mail = await mailTo(to, new RegExp(`^Weekly report, ${subjectDay(chosen ?? "")} to `))
      expect(mail.text_body).not.toBe("")

      // Opened again later: the same week from the same link was sent, and is not sent again.
      await page.reload()
      await page.waitForSelector("html[data-hydrated]", { state: "attached" })
      await page.getByRole("combobox", { name: "Week" }).selectOption(chosen ?? "")
      await page.getByRole("button", { name: "E-mail this week's report" }).click()
      await page.getByRole("heading", { name: "Already sent" }).waitFor()
      // The one error is the browser's note of the changed link's 400, which the page answered.
      expect(errors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"])
    },
    viewport,
  ),
)
