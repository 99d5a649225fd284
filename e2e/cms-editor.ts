/**
 * What a marketer does in the content editor (Decap CMS at /admin/), as steps the CMS test reads
 * like: sign in to the local proxy, fill a field by its label on the English or the Spanish side,
 * add list items, switch the language, publish.
 */
import type { Locator, Page } from "playwright-core"

/** Opens an editor route (`#/collections/<name>/new`, `…/entries/<slug>`) and signs in to the local proxy. */
export async function openEditor(page: Page, siteUrl: string, route: string) {
  await page.goto(`${siteUrl}/admin/${route}`)
  // With the local proxy there is no account: "Login" goes straight in.
  await page.getByRole("button", { name: "Login" }).click()
  await page.getByRole("button", { name: "Publish" }).waitFor()
}

/**
 * One side of a translated entry, as Decap opens it: English on the left, Spanish on the right (the
 * split pane's two halves). Decap hides the fields that are not translated on the Spanish side.
 */
export const side = (page: Page, language: "en" | "es") => page.locator(language === "en" ? ".Pane1" : ".Pane2")

/**
 * Closes the side-by-side view and writes in `language` alone: Decap's "Writing in EN" menu. The page then
 * has one form, in that language.
 */
export async function writeIn(page: Page, language: "en" | "es") {
  await page.getByTitle("Toggle i18n").click()
  await page.getByRole("button", { name: /^Writing in / }).click()
  await page.getByRole("menuitem", { name: new RegExp(`^${language}$`, "i") }).click()
  await page.getByRole("button", { name: `Writing in ${language.toUpperCase()}` }).waitFor()
}

/** The field's textbox by its label, within `scope` (a side, an object or list item) or the whole editor. */
export const textbox = (scope: Page | Locator, label: string) =>
  scope.getByRole("textbox", { name: label, exact: true })

export async function fill(scope: Page | Locator, label: string, value: string) {
  await textbox(scope, label).fill(value)
}

/** Chooses an option of a drop-down of `scope` (a side of the editor); the options open in the page. */
export async function choose(scope: Locator, label: string, option: string) {
  await scope.getByRole("combobox", { name: label, exact: true }).click()
  await scope.page().getByRole("option", { name: option, exact: true }).click()
}

/** Adds `count` items to a list field of `scope`. */
export async function addItems(scope: Page | Locator, listLabel: string, count: number) {
  const add = scope.getByRole("button", { name: `Add ${listLabel}`, exact: false }).first()
  for (let i = 0; i < count; i++) await add.click()
}

/** "Publish" → "Publish now": the proxy writes the file; resolves when the editor says so or shows errors. */
export async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish" }).click()
  await page.getByRole("menuitem", { name: "Publish now" }).click()
}

/**
 * Replaces the picture of the first image field inside an optional object of `scope` (opened first, as the
 * editor shows it closed): "Choose different image", upload the file in the media library, "Choose selected".
 */
export async function uploadPicture(scope: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const page = scope.page()
  const object = scope
    .locator("[aria-label='object field']")
    .filter({ has: page.locator("[aria-label='image field']") })
    .first()
  await object.getByRole("button", { name: "Expand" }).first().click()
  await object.getByRole("button", { name: "Choose different image" }).click()
  await page.locator("input[type=file]").setInputFiles(file)
  // The upload is saved at once and shown, selected, in the library.
  await page.getByText(file.name, { exact: true }).waitFor()
  await page.getByRole("button", { name: "Choose selected" }).click()
}
