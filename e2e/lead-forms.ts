import type { Page } from "playwright-core"
import { gotoHydrated } from "./browser"

/** Fills the contact page's message form (the page must be open). */
export async function fillContact(page: Page, name: string, email: string) {
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name)
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email)
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("914-555-0100")
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Carpenter ants on the back deck")
}

/** Opens /contact/, fills the message form and sends it. */
export async function sendContact(page: Page, name: string, email: string) {
  await gotoHydrated(page, "/contact/")
  await fillContact(page, name, email)
  await page.getByRole("button", { name: "Send Message" }).click()
}

/**
 * The estimate wizard's first answers (/estimate/ must be open): a single-family home, the C•ARE+ plan, and ticks
 * ticked on step 3. Returns its Next button.
 */
export async function answerWizardToTicks(page: Page) {
  const next = page.getByRole("button", { name: "Next" })
  await page.getByRole("radio", { name: "Single-Family Home (4-5BR)" }).check()
  await next.click()
  await page.getByRole("radio", { name: "C•ARE+", exact: true }).check()
  await next.click()
  await page.getByRole("checkbox", { name: "Ticks" }).check()
  return next
}

/**
 * Steps 1–6 of the estimate wizard (a C•ARE+ plan, so step 4 is skipped), up to the review step;
 * `atStep5` answers step 5 (service preferences, arrival windows), left as it is unless given.
 */
export async function fillWizard(
  page: Page,
  email: string,
  fullName = "Erin Tester",
  atStep5?: (page: Page) => Promise<void>,
) {
  const next = await answerWizardToTicks(page)
  await page.getByRole("checkbox", { name: "Termites" }).check()
  await page.getByText("Special treatment required for: Termites").waitFor()
  await next.click()
  await page.getByText("Service preferences").waitFor()
  await atStep5?.(page)
  await next.click()
  await page.getByRole("textbox", { name: "Full name", exact: true }).fill(fullName)
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("(914) 555-0177")
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email)
  await page.getByRole("textbox", { name: "Street address", exact: true }).fill("8 Birch Lane")
  await page.getByRole("textbox", { name: "City", exact: true }).fill("Rye")
  await page.getByRole("textbox", { name: "State", exact: true }).fill("NY")
  await page.getByRole("textbox", { name: "ZIP code", exact: true }).fill("10580")
  await next.click()
  await page.getByText("Review your request").waitFor()
}

/** The whole wizard, sent from its review step (/estimate/ must be open). */
export async function completeWizard(page: Page, email: string, fullName?: string) {
  await fillWizard(page, email, fullName)
  await page.getByRole("button", { name: "Get My Free Estimate" }).click()
}

/** Fills and sends the $49 page's booking form (the page must be open). */
export async function book(page: Page, email: string, fullName = "Sam Scarsdale") {
  const submit = page.getByRole("button", { name: "Book My $49 Visit" })
  await submit.and(page.locator(":enabled")).waitFor()
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill(fullName)
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("(914) 555-0142")
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email)
  await page.getByRole("textbox", { name: "Property Address (Scarsdale)", exact: true }).fill("40 Heathcote Road")
  await submit.click()
}

/** The offer page's "Prefer a Callback?" form. */
export const callbackForm = (page: Page) =>
  page.locator("form", { has: page.getByRole("button", { name: "Request My Callback" }) })

/** Fills and sends the offer page's callback form (the page must be open). */
export async function requestCallback(page: Page, name: string) {
  const form = callbackForm(page)
  await form.getByRole("button", { name: "Request My Callback" }).and(page.locator(":enabled")).waitFor()
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(name)
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("914-555-0166")
  await form.getByRole("textbox", { name: "Address", exact: true }).fill("9 Maple Ave")
  await form.getByRole("button", { name: "Request My Callback" }).click()
}
