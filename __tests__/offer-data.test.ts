import { validateDataFile } from "../gatsby/validate-data"
import { callbackBody, utmFrom } from "../src/lib/leads/offer-callback"
import { filledOfferTexts, offerText } from "../src/lib/offer-text"
import { priceAmount } from "../src/lib/price"
import { offerBusinessJsonLd } from "../src/lib/offer-structured-data"
import { CALLBACK_FIELD_NAMES, offerCallbackSchema } from "../supabase/functions/_shared/kernel/contract"
import { dataFiles, readData } from "./fixtures/data"

const offerFiles = dataFiles().filter((f) => f.startsWith("offers/"))

describe("offer data files", () => {
  test("the four built-in offers exist with the spec's cities, names, prices and codes", () => {
    const offers = offerFiles.map((f) =>
      readData<{ key: string; city: string; offerName: string; price: string; couponCode: string }>(f),
    )
    expect(
      offers.map(({ key, city, offerName, price, couponCode }) => [key, city, offerName, price, couponCode]).sort(),
    ).toEqual(
      [
        ["scarsdale49", "Scarsdale", "Quick-Knock", "$49", "SCAR49"],
        ["whiteplains59", "White Plains", "Complete Pest Shield", "$59", "WP59"],
        ["yonkers149", "Yonkers", "Premium Pest Control", "$149", "Yonkers149"],
        ["yonkers39", "Yonkers", "Express Pest Fix", "$39", "YON39"],
      ].sort(),
    )
    const yonkers149 = readData<Parameters<typeof filledOfferTexts>[0]>("offers/yonkers149.yaml")
    expect(filledOfferTexts({ ...yonkers149, phone: { display: "" } }).metaDescription).toContain("Yonkers149")
    for (const file of offerFiles)
      expect(readData<{ serviceAreas: string[] }>(file).serviceAreas).toEqual([
        "Yonkers",
        "Scarsdale",
        "Bronxville",
        "Eastchester",
        "White Plains",
        "New Rochelle",
      ])
  })

  test("an offer may override the phone, e-mail and hours; a bad override names its field", () => {
    const offer = readData("offers/yonkers39.yaml")
    const withOwn = {
      ...offer,
      phone: { display: "(914) 555-0199", e164: "+19145550199" },
      email: "yonkers@example.com",
      hours: [{ days: ["Monday"], opens: "08:00", closes: "18:00" }],
    }
    expect(validateDataFile("offers/yonkers39.yaml", withOwn)).toEqual([])
    const broken = { ...offer, hours: [{ days: ["Mon"], opens: "8am", closes: "18:00" }] }
    expect(
      validateDataFile("offers/yonkers39.yaml", broken)
        .map((p) => p.field)
        .sort(),
    ).toEqual(["hours[0].days[0]", "hours[0].opens"])
  })

  test("offer-page.yaml needs one hero picture per variant, three badges, three cards, three plans and four questions", () => {
    const page = readData<
      Record<string, unknown> & { heroImages: unknown[]; hero: { badges: unknown[] }; faq: { items: unknown[] } }
    >("offer-page.yaml")
    expect(validateDataFile("offer-page.yaml", page)).toEqual([])
    const problems = validateDataFile("offer-page.yaml", {
      ...page,
      heroImages: page.heroImages.slice(0, 1),
      hero: { ...page.hero, badges: page.hero.badges.slice(0, 2) },
      faq: { ...page.faq, items: page.faq.items.slice(0, 3) },
    })
    expect(problems.map((p) => `${p.field}: ${p.message}`).sort()).toEqual([
      "faq.items: must list exactly four questions",
      "hero.badges: must list exactly three badges",
      "heroImages: must have one image for each hero variant (technician, family)",
    ])
  })
})

describe("the callback request", () => {
  test("utm_source and utm_campaign fall back to the offer's; utm_term has no fallback", () => {
    const offer = { utmSource: "facebook", utmCampaign: "yonkers39" }
    expect(utmFrom("", offer)).toEqual({ utm_source: "facebook", utm_campaign: "yonkers39", utm_term: "" })
    expect(utmFrom("?utm_source=google&utm_term=mice", offer)).toEqual({
      utm_source: "google",
      utm_campaign: "yonkers39",
      utm_term: "mice",
    })
    expect(utmFrom("?utm_source=%20&utm_campaign=fall", { utmSource: null, utmCampaign: null })).toEqual({
      utm_source: "",
      utm_campaign: "fall",
      utm_term: "",
    })
  })

  test("the body is what the shared contract accepts, with the spec's fixed values", async () => {
    const body = callbackBody(
      { full_name: "Ann Lee", phone: "914-555-0100", street_address: "", city: "Yonkers", notes: "" },
      { offerName: "Express Pest Fix", price: "$39" },
      { utm_source: "facebook", utm_campaign: "yonkers39", utm_term: "" },
    )
    expect(body).toMatchObject({
      email: "",
      property_type: "residential",
      service_plan: "one-time",
      pests: ["general"],
      zip_code: "",
      special_offer: "Express Pest Fix - $39",
    })
    await expect(
      offerCallbackSchema.validate({ ...body, submissionId: crypto.randomUUID(), website: "", formFillMs: 12_000 }),
    ).resolves.toBeTruthy()
    expect(CALLBACK_FIELD_NAMES.every((key) => key in offerCallbackSchema.fields)).toBe(true)
  })
})

describe("offer texts and structured data", () => {
  const offer = {
    key: "yonkers149",
    city: "Yonkers",
    offerName: "Premium Pest Control",
    price: "$149",
    couponCode: "Yonkers149",
    phone: { display: "(914) 555-0123", e164: "+19145550123" },
    email: "info@example.com",
  }

  test("placeholders are filled from the offer", () => {
    expect(offerText("Pest Control in {city} — {offerName}: {price}, code {couponCode}, call {phone}", offer)).toBe(
      "Pest Control in Yonkers — Premium Pest Control: $149, code Yonkers149, call (914) 555-0123",
    )
  })

  test("an offer's price and coupon code are written once: changed, every text of the offer says the new ones", () => {
    const yonkers39 = readData<Parameters<typeof filledOfferTexts>[0]>("offers/yonkers39.yaml")
    const changed = filledOfferTexts({ ...yonkers39, price: "$35", couponCode: "YON35", phone: offer.phone })
    expect(changed.title).toBe("$35 Express Pest Fix in Yonkers, NY | Westchester Family Pest Control")
    expect(changed.metaDescription).toMatch(/^Yonkers pest control for \$35 with coupon YON35: /)
    expect(changed.customTestimonials[1]?.quote).toContain("The $35 visit was real")
    const texts = [changed.title, changed.metaDescription, ...changed.customTestimonials.map((item) => item.quote)]
    expect(texts.join("\n")).not.toMatch(/\$39|YON39|[{}]/)
  })

  describe("an offer text with a dollar amount or an unknown placeholder is refused, naming file, entry and field", () => {
    const yonkers39 = readData<{ title: string; customTestimonials: Array<{ quote: string }> }>("offers/yonkers39.yaml")
    const problemsWith = (edit: Record<string, unknown>) =>
      validateDataFile("offers/yonkers39.yaml", { ...yonkers39, ...edit })

    test("a dollar amount, even the offer's own price: it would stay behind when the price changes", () => {
      const quotes = yonkers39.customTestimonials.map((item, i) =>
        i === 1 ? { ...item, quote: item.quote.replace("{price}", "$ 35") } : item,
      )
      expect(problemsWith({ title: yonkers39.title.replace("{price}", "$39"), customTestimonials: quotes })).toEqual(
        ["title", "customTestimonials[1].quote"].map((field) => ({
          file: "offers/yonkers39.yaml",
          entry: "yonkers39",
          field,
          message:
            "must not write a dollar amount: write {price} (filled from the offer's price), so a price change reaches this text too",
        })),
      )
    })

    test("an unknown placeholder", () => {
      expect(problemsWith({ title: yonkers39.title.replace("{price}", "{prize}") })).toEqual([
        {
          file: "offers/yonkers39.yaml",
          entry: "yonkers39",
          field: "title",
          message: "may use only the placeholders {city}, {offerName}, {price}, {couponCode}, {phone}",
        },
      ])
    })
  })

  test("prices become numbers", () => {
    expect(priceAmount("$49")).toBe(49)
    expect(priceAmount("$1,149.50")).toBe(1149.5)
    expect(() => priceAmount("forty")).toThrow("Not a dollar price: forty")
  })

  test("LocalBusiness with the offer's phone, city in NY, a geo point, a 25 km service area, price range and one Offer priced as a number in USD", () => {
    const site = readData<{
      name: string
      priceRange: string
      geo: { latitude: number; longitude: number }
      address: { street: string; city: string; region: string; postalCode: string; country: string }
      serviceRadiusMeters: number
    }>("site.yaml")
    const doc = offerBusinessJsonLd(
      { ...offer, description: "Treatment + inspection" },
      site,
      "https://x.test",
      "https://x.test/offer/yonkers149/",
    )
    expect(doc).toMatchObject({
      "@type": "LocalBusiness",
      name: site.name,
      telephone: "+19145550123",
      email: "info@example.com",
      priceRange: site.priceRange,
      address: { addressLocality: "Yonkers", addressRegion: "NY" },
      geo: { "@type": "GeoCoordinates", latitude: site.geo.latitude, longitude: site.geo.longitude },
      areaServed: { "@type": "GeoCircle", geoRadius: 25000 },
      makesOffer: { "@type": "Offer", price: 149, priceCurrency: "USD" },
    })
  })
})
