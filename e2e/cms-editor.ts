/**
 * What a marketer does in the content editor (Decap CMS at /admin/), as steps the CMS test reads
 * like: sign in to the local proxy, fill a field by its label, add list items, publish.
 */
import type { Locator, Page } from "playwright-core"

/** Opens an editor route (`#/collections/<name>/new`, `…/entries/<slug>`) and signs in to the local proxy. */
export async function openEditor(page: Page, siteUrl: string, route: string) {
  await page.goto(`${siteUrl}/admin/${route}`)
  // With the local proxy there is no account: "Login" goes straight in.
  await page.getByRole("button", { name: "Login" }).click()
  await page.getByRole("button", { name: "Publish" }).waitFor()
}

/** The field's textbox by its label, within `scope` (an object or list item) or the whole editor. */
export const textbox = (scope: Page | Locator, label: string) =>
  scope.getByRole("textbox", { name: label, exact: true })

export async function fill(scope: Page | Locator, label: string, value: string) {
  await textbox(scope, label).fill(value)
}

export async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click()
  await page.getByRole("option", { name: option, exact: true }).click()
}

/** Adds `count` items to a list field; returns the items' text boxes in order, per field label. */
export async function addItems(page: Page, listLabel: string, count: number) {
  const add = page.getByRole("button", { name: `Add ${listLabel}`, exact: false }).first()
  for (let i = 0; i < count; i++) await add.click()
}

/** "Publish" → "Publish now": the proxy writes the file; resolves when the editor says so or shows errors. */
export async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish" }).click()
  await page.getByRole("menuitem", { name: "Publish now" }).click()
}

/**
 * Replaces the picture of the first image field inside an optional object (opened first, as the editor
 * shows it closed): "Choose different image", upload the file in the media library, "Choose selected".
 */
export async function uploadPicture(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const object = page
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
