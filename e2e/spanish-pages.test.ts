/**
 * No English on the built Spanish pages: every page under public/es/, opened as a visitor opens it (hydrated,
 * at a phone's and a desktop's width), has no common English word (e2e/page-checks/english-words.txt) in what
 * it shows or says to a screen reader (text, alt, title, aria-label and the other accessible attributes, its
 * <title> and descriptions), beyond the names and brands of english-allowed.txt and a part marked as another
 * language (the switch's "English"). A finding names the page, the element, where in it and the words.
 */
import path from "node:path"
import { LANGUAGE_FORMS } from "../supabase/functions/_shared/kernel/languages"
import { gotoHydrated, useBrowser, withPage } from "./browser"
import { englishOn, englishReport, pageTexts, wordLists, type PageText } from "./page-checks/english-words"
import { PUBLIC, filesUnder } from "./public-files"

const browser = useBrowser()
const lists = wordLists()

/** Every built page of the Spanish site, as its address ("/es/servicios/hormigas/"). */
const SPANISH_PAGES = filesUnder(path.join(PUBLIC, LANGUAGE_FORMS.es.prefix))
  .filter((file) => path.basename(file) === "index.html")
  .map((file) => `/${path.relative(PUBLIC, path.dirname(file)).split(path.sep).join("/")}/`)
  .sort()

test("the build has the Spanish pages", () => {
  expect(SPANISH_PAGES).toEqual(expect.arrayContaining(["/es/", "/es/servicios/", "/es/servicios/hormigas/"]))
})

describe.each([
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 900 }],
])("at a %s's width", (_name, viewport) => {
  test("no Spanish page shows or says an English word", async () => {
    const findings = await withPage(
      browser(),
      async ({ page }) => {
        const found: string[] = []
        for (const address of SPANISH_PAGES) {
          await gotoHydrated(page, address)
          found.push(
            ...englishReport(
              address,
              englishOn(await page.evaluate<PageText[], undefined>(pageTexts, undefined), lists),
            ),
          )
        }
        return found
      },
      viewport,
    )
    expect(findings).toEqual([])
  })
})
