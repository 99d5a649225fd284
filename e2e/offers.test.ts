import fs from "node:fs"
import path from "node:path"
import { load } from "js-yaml"
import { baseUrl, gotoHydrated, openPage, useBrowser, type OpenedPage } from "./browser"
import { sql } from "./database"
import { mailTo } from "./mailbox"
import type { OfferRecord } from "../gatsby/data-schemas"
import { filledOfferTexts } from "../src/lib/offer-text"

const browser = useBrowser()

const offersDir = path.join(__dirname, "..", "data", "offers")
const offers = fs
  .readdirSync(offersDir)
  .filter((f) => f.endsWith(".yaml"))
  // The English of each offer file (its en: section).
  .map((f) => (load(fs.readFileSync(path.join(offersDir, f), "utf8")) as { en: OfferRecord }).en)
  // Their texts as the pages show them: {price} and {couponCode} filled (none of them uses {phone}).
  .map((offer) => filledOfferTexts({ ...offer, phone: offer.phone ?? { display: "{phone}" } }))
const fallback = offers.find((o) => o.key === "scarsdale49")!

test.each(offers.map((o) => [o.key, o] as const))(
  "/offer/%s/ shows its own offer, tags and structured data",
  async (key, offer) => {
    const { page, errors, close } = await openPage(browser())
    try {
      await gotoHydrated(page, `/offer/${key}/`)
      await page
        .getByRole("heading", { level: 1, name: `Pest Control in ${offer.city} — ${offer.offerName}` })
        .waitFor()
      expect(await page.title()).toBe(offer.title)
      const meta = (selector: string) => page.locator(selector).getAttribute("content")
      expect(await meta('meta[name="description"]')).toBe(offer.metaDescription)
      expect(await meta('meta[property="og:title"]')).toBe(offer.title)
      expect(await meta('meta[name="twitter:description"]')).toBe(offer.metaDescription)
      expect(await meta('meta[property="og:image"]')).toMatch(/^https:\/\/.+\.(png|jpg|webp)$/)
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(new RegExp(`/offer/${key}/$`))
      await expect(page.getByText(`${offer.price} with coupon ${offer.couponCode}`).isVisible()).resolves.toBe(true)
      const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (t) => JSON.parse(t) as Record<string, unknown>,
      )
      const business = jsonLd.find((doc) => doc["@type"] === "LocalBusiness") as {
        address: { addressLocality: string; addressRegion: string }
        makesOffer: { price: unknown; priceCurrency: string }
        areaServed: { geoRadius: number }
      }
      expect(business.address).toMatchObject({ addressLocality: offer.city, addressRegion: "NY" })
      expect(business.makesOffer).toMatchObject({ price: Number(offer.price.slice(1)), priceCurrency: "USD" })
      expect(business.areaServed.geoRadius).toBe(25000)
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  },
)

test.each(["/offer/", "/offer/no-such-city/", "/offer/old/campaign/"])(
  "%s shows the scarsdale49 offer from the first byte, with the canonical of the real page",
  async (route) => {
    const served = await fetch(`${baseUrl()}${route}`)
    expect(served.status).toBe(200)
    expect(await served.text()).toContain(`Pest Control in ${fallback.city} — ${fallback.offerName}`)
    const { page, errors, close } = await openPage(browser())
    try {
      await gotoHydrated(page, route)
      await page
        .getByRole("heading", { level: 1, name: `Pest Control in ${fallback.city} — ${fallback.offerName}` })
        .waitFor()
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/offer\/scarsdale49\/$/)
      expect(await page.title()).toBe(fallback.title)
      expect(errors).toEqual([])
    } finally {
      await close()
    }
  },
)

test("a callback request is stored with its campaign, e-mailed to the office, and the page becomes the thank-you screen", async () => {
  const offer = offers.find((o) => o.key === "yonkers149")!
  const { page, errors, close } = await openPage(browser())
  const db = sql()
  try {
    await gotoHydrated(page, "/offer/yonkers149/?utm_source=newsletter&utm_term=carpenter%20ants")
    const form = page.locator("form", { has: page.getByRole("button", { name: "Request My Callback" }) })
    await form.getByRole("button", { name: "Request My Callback" }).and(page.locator(":enabled")).waitFor()
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("Olive Offer")
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("914-555-0166")
    await form.getByRole("textbox", { name: "Address", exact: true }).fill("9 Maple Ave")
    expect(await form.getByRole("textbox", { name: "City", exact: true }).inputValue()).toBe("Yonkers")
    await form.getByRole("button", { name: "Request My Callback" }).click()
    await page.getByRole("heading", { level: 1, name: "Thank You!" }).waitFor()
    await page.getByText("Request Submitted!").waitFor()
    expect(await page.getByRole("heading", { name: "Prefer a Callback?" }).count()).toBe(0)

    const rows =
      await db`select kind, full_name, phone, email, street_address, city, special_offer, utm_source, utm_campaign, utm_term, property_type, service_plan, pests from leads where full_name = 'Olive Offer'`
    expect(offer.utmCampaign).toBeTruthy()
    expect([...rows]).toEqual([
      {
        kind: "callback",
        full_name: "Olive Offer",
        phone: "914-555-0166",
        email: null,
        street_address: "9 Maple Ave",
        city: "Yonkers",
        special_offer: `${offer.offerName} - ${offer.price}`,
        utm_source: "newsletter",
        utm_campaign: offer.utmCampaign,
        utm_term: "carpenter ants",
        property_type: "residential",
        service_plan: "one-time",
        pests: ["general"],
      },
    ])
    const mail = await mailTo("info@westchesterfamilypest.example", /Olive Offer/)
    expect(mail.text_body).toContain(`${offer.offerName} - ${offer.price}`)
    expect(errors).toEqual([])
  } finally {
    await db.end()
    await close()
  }
})

test("the exit-intent dialog opens when the mouse leaves through the top, and Continue Reading closes it", async () => {
  const { page, close } = await openPage(browser())
  try {
    await gotoHydrated(page, "/offer/yonkers39/")
    await page.mouse.move(640, 400)
    await page.mouse.move(640, 200, { steps: 5 })
    await page.mouse.move(640, -20, { steps: 5 })
    const dialog = page.getByRole("dialog", { name: "Wait! Don't Leave Yet" })
    await dialog.waitFor()
    await dialog.getByRole("button", { name: "Continue Reading" }).click()
    await dialog.waitFor({ state: "detached" })
  } finally {
    await close()
  }
})

/** One load of the page, resized in place for each width: the site lays out by CSS media queries alone. */
describe("/offer/yonkers149/ resized", () => {
  let opened: OpenedPage | undefined
  beforeAll(async () => {
    opened = await openPage(browser(), { width: 390, height: 900 })
    await gotoHydrated(opened.page, "/offer/yonkers149/")
  })
  afterAll(() => opened?.close())

  test.each([
    [390, false, true],
    [767, false, true],
    [768, true, false],
    [1280, true, false],
  ])("at %i px wide: top bar visible %s, bottom call bar visible %s", async (width, topBar, bottomBar) => {
    if (!opened) throw new Error("the page is not open yet")
    const { page } = opened
    await page.setViewportSize({ width, height: 900 })
    expect(await page.getByTestId("offer-top-bar").isVisible()).toBe(topBar)
    expect(await page.getByTestId("offer-mobile-bar").isVisible()).toBe(bottomBar)
    if (bottomBar) {
      const box = await page.getByTestId("offer-mobile-bar").boundingBox()
      expect(Math.round(box!.y + box!.height)).toBe(900)
    }
  })
})
