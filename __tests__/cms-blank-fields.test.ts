/** @jest-environment node */
/**
 * Decap saves a cleared field as "", null, [] or an object of blanks, which the build refuses for an
 * optional field; the admin's preSave handler drops them first. The handler is tested here as the
 * browser gets it: the generated script's text, run against Decap's own Immutable values.
 */
import vm from "node:vm"
import { fromJS, Map as ImmutableMap } from "immutable"
import { blankablePaths, blankFieldsOf, blankFieldsScript, type BlankFields } from "../gatsby/cms/blank-fields"
import { cmsSettingsFrom, decapConfig } from "../gatsby/cms/decap-config"
import { validateDataFile } from "../gatsby/validate-data"

const config = decapConfig(cmsSettingsFrom({}))
const blankFields = blankFieldsOf(config.collections)

/** Runs the script the admin page loads, with a stand-in for Decap's CMS global, and returns its preSave handler. */
function loadHandler(fields: BlankFields) {
  let handler: ((args: { entry: unknown }) => unknown) | undefined
  const CMS = {
    registerEventListener: (listener: { name: string; handler: typeof handler }) => {
      if (listener.name === "preSave") handler = listener.handler
    },
  }
  vm.runInNewContext(blankFieldsScript(fields), { window: { CMS } })
  if (!handler) throw new Error("the script registered no preSave handler")
  return handler
}

const save = (collection: string, slug: string, data: Record<string, unknown>) => {
  const handler = loadHandler(blankFields)
  const result = handler({ entry: ImmutableMap({ collection, slug, data: fromJS(data) }) })
  return (result as { toJS: () => Record<string, unknown> }).toJS()
}

const OFFER = {
  key: "ryebrook59",
  city: "Rye Brook",
  offerName: "Spring Pest Check",
  price: "$59",
  couponCode: "RYE59",
  title: "{price} Spring Pest Check in Rye Brook, NY",
  metaDescription:
    "Rye Brook pest control for {price} with coupon {couponCode}: an inspection and treatment of ants and spiders.",
  heroVariant: "technician",
  serviceAreas: ["Rye Brook"],
  customTestimonials: [1, 2, 3].map((i) => ({ quote: `Quote ${i}`, name: `Name ${i}`, location: "Rye" })),
}

test("the optional fields of each collection are known by path; required ones and those with a default are not", () => {
  const offers = blankFields.offers ?? []
  expect(offers).toEqual(
    expect.arrayContaining(["phone", "phone.display", "phone.e164", "email", "hours", "utmSource"]),
  )
  expect(offers).not.toContain("city")
  expect(offers).not.toContain("fallback")
  expect(blankFields.pests).toEqual(
    expect.arrayContaining(["image", "menu", "sections[].intro", "sections[].species[].season"]),
  )
  const site = blankFields["settings-files/site"] ?? []
  expect(site).not.toContain("tracking.googleAnalyticsId")
  expect(blankablePaths([{ name: "a", label: "A", widget: "string", required: false }])).toEqual(["a"])
})

test("an offer saved with cleared optional fields leaves them out, and the build accepts it as saved", () => {
  const cleared = {
    ...OFFER,
    email: "",
    utmSource: "",
    utmCampaign: null,
    phone: { display: "", e164: "" },
    hours: [],
  }
  expect(validateDataFile("offers/ryebrook59.yaml", cleared)).not.toEqual([])
  const saved = save("offers", "ryebrook59", cleared)
  expect(saved).toEqual(OFFER)
  expect(validateDataFile("offers/ryebrook59.yaml", saved)).toEqual([])
})

test("what the editor filled in stays, half a phone included, so the data check names the missing half", () => {
  const saved = save("offers", "ryebrook59", {
    ...OFFER,
    phone: { display: "(914) 555-0100", e164: "" },
    email: "rye@example.com",
  })
  expect(saved.phone).toEqual({ display: "(914) 555-0100" })
  expect(saved.email).toBe("rye@example.com")
  expect(validateDataFile("offers/ryebrook59.yaml", saved)).toEqual([
    expect.objectContaining({ field: "phone.e164", message: "is a required field" }),
  ])
})

test("blank fields inside list items (pest sections) are dropped item by item", () => {
  const saved = save("pests", "bees", {
    slug: "bees",
    sections: [
      { type: "list", heading: "Tips", intro: "", style: null, points: ["Seal gaps"] },
      { type: "steps", heading: "How", intro: "We come", steps: [{ title: "Call", description: "Us" }] },
    ],
  })
  expect(saved.sections).toEqual([
    { type: "list", heading: "Tips", points: ["Seal gaps"] },
    { type: "steps", heading: "How", intro: "We come", steps: [{ title: "Call", description: "Us" }] },
  ])
})

test("a file of a file collection uses its own list; a tracking ID left empty stays empty", () => {
  const saved = save("settings-files", "site", {
    tracking: { googleAnalyticsId: "", googleAdsId: "", adsConversionLabel: "" },
  })
  expect(saved).toEqual({ tracking: { googleAnalyticsId: "", googleAdsId: "", adsConversionLabel: "" } })
})
