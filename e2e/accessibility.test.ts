/**
 * WCAG 2.2 AA in the browser, at a phone and a desktop width, in every state only a visitor reaches: axe-core
 * (2.2 rules) on each wizard step, dialogs, menus, thank-you and error views; 24 × 24 px targets (2.5.8);
 * focus never hidden by the sticky header or the bottom call bars (2.4.11); no wizard answer asked twice
 * (3.3.7). Every built page as it loads (axe, targets, the help links' order, 3.2.6) is in pages.test.ts.
 */
import { axeReport, focusCoveredBy } from "./axe"
import { answerFunctions, gotoHydrated, useBrowser, withPage } from "./browser"

const browser = useBrowser()
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }
const WIDTHS = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const

describe.each(WIDTHS)("at %s width", (_name, viewport) => {
  test("every wizard step (step 4, the special-treatment warning, review) and the thank-you view; nothing asked twice", () =>
    withPage(
      browser(),
      async ({ page }) => {
        const { problems, axe, targets } = axeReport()
        const next = page.getByRole("button", { name: "Next" })
        // The names of the answers each step asks for: no name may be asked on two steps (3.3.7).
        const asked = new Map<string, number>()
        const step = async (n: number) => {
          await page.getByText(`Step ${String(n)} of 7`).waitFor()
          await axe(page, `wizard step ${String(n)}`)
          await targets(page, `wizard step ${String(n)}`, "#estimate-wizard")
          const names = await page
            .locator("#estimate-wizard > fieldset")
            .evaluate((set) =>
              Array.from(set.querySelectorAll<HTMLInputElement>("input, select, textarea")).map((c) => c.name),
            )
          for (const name of new Set(names)) {
            const before = asked.get(name)
            if (before !== undefined && before !== n)
              problems.push(`"${name}" asked on steps ${String(before)} and ${String(n)}`)
            asked.set(name, n)
          }
        }
        await gotoHydrated(page, "/estimate/")
        await step(1)
        await page.getByRole("radio", { name: "Townhouse/Condo" }).check()
        await next.click()
        await step(2)
        await page.getByRole("radio", { name: "EZ-One", exact: true }).check()
        await next.click()
        await step(3)
        await page.getByRole("checkbox", { name: "Termites" }).check()
        await page.getByText("Special treatment required for: Termites").waitFor()
        await axe(page, "wizard step 3 with the special-treatment warning")
        await next.click()
        await step(4)
        await page.getByRole("radio", { name: "1-2" }).check()
        await next.click()
        await step(5)
        await next.click()
        await step(6)
        // The contact step's errors, as a visitor who leaves a field empty sees them.
        await page.getByRole("textbox", { name: "Email", exact: true }).fill("not-an-email")
        await page.getByRole("textbox", { name: "Full name", exact: true }).focus()
        await axe(page, "wizard step 6 with a field error")
        await page.getByRole("textbox", { name: "Full name", exact: true }).fill("Ada Access")
        await page.getByRole("textbox", { name: "Phone", exact: true }).fill("(914) 555-0188")
        await page.getByRole("textbox", { name: "Email", exact: true }).fill("ada.access@example.com")
        await page.getByRole("textbox", { name: "Street address", exact: true }).fill("3 Elm Street")
        await page.getByRole("textbox", { name: "City", exact: true }).fill("Rye")
        await page.getByRole("textbox", { name: "State", exact: true }).fill("NY")
        await page.getByRole("textbox", { name: "ZIP code", exact: true }).fill("10580")
        await next.click()
        await step(7)
        expect(await page.getByText("Special treatment required for: Termites").count()).toBe(1)
        // The review step only shows the answers; going back finds them still filled in, never asked again.
        expect(asked.get("fullName")).toBe(6)
        await page.getByRole("button", { name: "Previous" }).click()
        expect(await page.getByRole("textbox", { name: "Full name", exact: true }).inputValue()).toBe("Ada Access")
        await next.click()
        await page.getByRole("button", { name: "Get My Free Estimate" }).click()
        await page.getByRole("heading", { name: "Thank You! Your Request Is In" }).waitFor()
        await axe(page, "wizard thank-you view")
        expect(problems).toEqual([])
      },
      viewport,
    ))

  test("dialogs and menus: exit-intent on the $49 and offer pages, the services dropdown or the mobile menu", () =>
    withPage(
      browser(),
      async ({ page }) => {
        const { problems, axe, targets } = axeReport()
        for (const [path, name] of [
          ["/scarsdale-49-offer/", "Wait! Your $49 Visit Is Still Available"],
          ["/offer/yonkers39/", "Wait! Don't Leave Yet"],
        ] as const) {
          await gotoHydrated(page, path)
          await page.mouse.move(viewport.width / 2, 300)
          await page.mouse.move(viewport.width / 2, 100, { steps: 5 })
          await page.mouse.move(viewport.width / 2, -20, { steps: 5 })
          await page.getByRole("dialog", { name }).waitFor()
          // Its 150 ms fade-in ended: axe measures contrast at the colours the visitor ends up seeing, not halfway.
          await page.evaluate(() =>
            Promise.all(
              document
                .getAnimations()
                .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
                .map((animation) => animation.finished),
            ),
          )
          await axe(page, `${path} exit-intent dialog`)
        }
        await gotoHydrated(page, "/")
        if (viewport === PHONE) {
          await page.getByRole("button", { name: "Open menu" }).click()
          await page.getByRole("dialog", { name: "Menu" }).waitFor()
          await axe(page, "mobile menu")
          await targets(page, "mobile menu", "[role=dialog]")
        } else {
          const nav = page.getByRole("navigation", { name: "Main" })
          await nav.getByRole("button", { name: "Services" }).hover()
          await nav.getByRole("link", { name: "Ants" }).waitFor({ state: "visible" })
          await axe(page, "services dropdown")
          await targets(page, "services dropdown", "nav[aria-label=Main]")
        }
        expect(problems).toEqual([])
      },
      viewport,
    ))

  test("form outcomes: contact success and error, the offer callback's and the $49 thank-you", () =>
    withPage(
      browser(),
      async ({ page }) => {
        const { problems, axe } = axeReport()
        const fillContact = async () => {
          await gotoHydrated(page, "/contact/")
          await page.getByRole("textbox", { name: "Name", exact: true }).fill("Axel Access")
          await page.getByRole("textbox", { name: "Email", exact: true }).fill("axel.access@example.com")
          await page.getByRole("textbox", { name: "Phone", exact: true }).fill("914-555-0101")
          await page.getByRole("textbox", { name: "Message", exact: true }).fill("Wasps under the eaves")
          await page.getByRole("button", { name: "Send Message" }).click()
        }
        await fillContact()
        await page.getByRole("status").filter({ hasText: "Message sent successfully!" }).waitFor()
        await axe(page, "contact success")

        // A refusal the visitor can fix (it names a field of the form); any other answer is kept and re-sent.
        await answerFunctions(page, 400, {
          success: false,
          error: "Some fields are missing or invalid",
          fields: { phone: "Please enter a phone number with at least 10 digits" },
        })
        await fillContact()
        await page.getByRole("alert").filter({ hasText: "(914) 555-0123" }).waitFor()
        await axe(page, "contact error")
        await page.unroute("**/functions/v1/**")

        await gotoHydrated(page, "/offer/yonkers149/")
        const form = page.locator("form", { has: page.getByRole("button", { name: "Request My Callback" }) })
        await form.getByRole("button", { name: "Request My Callback" }).and(page.locator(":enabled")).waitFor()
        await form.getByRole("textbox", { name: "Name", exact: true }).fill("Ava Access")
        await form.getByRole("textbox", { name: "Phone", exact: true }).fill("914-555-0102")
        await form.getByRole("textbox", { name: "Address", exact: true }).fill("5 Oak Road")
        await form.getByRole("button", { name: "Request My Callback" }).click()
        await page.getByRole("heading", { level: 1, name: "Thank You!" }).waitFor()
        await axe(page, "offer callback thank-you")

        await gotoHydrated(page, "/scarsdale-49-offer/")
        const book = page.getByRole("button", { name: "Book My $49 Visit" })
        await book.and(page.locator(":enabled")).waitFor()
        await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Abe Access")
        await page.getByRole("textbox", { name: "Phone", exact: true }).fill("(914) 555-0103")
        await page.getByRole("textbox", { name: "Email", exact: true }).fill("abe.access@example.com")
        await page.getByRole("textbox", { name: "Property Address (Scarsdale)", exact: true }).fill("7 Fox Meadow Road")
        await book.click()
        await page.getByRole("heading", { name: "Thank You! Your $49 Price Is Reserved" }).waitFor()
        await axe(page, "$49 thank-you")
        expect(problems).toEqual([])
      },
      viewport,
    ))
})

test("at phone width, tabbing through long pages never puts focus under the sticky header or a bottom call bar (2.4.11)", () =>
  withPage(
    browser(),
    async ({ page }) => {
      const problems: string[] = []
      for (const path of ["/", "/faq/", "/offer/yonkers149/", "/scarsdale-49-offer/", "/estimate/"]) {
        await gotoHydrated(page, path)
        const stops = await page.evaluate(
          () => document.querySelectorAll("a[href], button, input, select, textarea, summary").length,
        )
        // Forwards to the end, then backwards to the top: the header hides what focus moves up to.
        for (const key of ["Tab", "Shift+Tab"])
          for (let i = 0; i < stops; i++) {
            await page.keyboard.press(key)
            const covered = await page.evaluate(focusCoveredBy)
            if (covered) problems.push(`${path} (${key}): ${covered}`)
          }
      }
      expect(problems).toEqual([])
    },
    PHONE,
  ))
