import { AGGRESSION_LEVELS, DANGER_LEVELS, SEVERITIES, URGENCY_LEVELS } from "../gatsby/data-schemas"
import { ICON_NAMES } from "../src/lib/icon-names"
import { dataFiles, readData } from "./fixtures/data"

interface Section {
  type: string
  heading: string
  species?: Array<{ severity?: string; aggression?: string; danger?: string; name: string }>
  steps?: unknown[]
  options?: Array<{ name: string; price: string }>
  facts?: Array<{ value: string; label: string }>
  points?: string[]
  body?: string
}
interface Pest {
  slug: string
  urgency: string
  card: { icon: string }
  sections: Section[]
}

const pests = dataFiles()
  .filter((f) => f.startsWith("pests/"))
  .map((f) => readData<Pest>(f))
const pest = (slug: string) => pests.find((p) => p.slug === slug)!
const ofType = (p: Pest, type: string) => p.sections.filter((s) => s.type === type)
const optionNames = (p: Pest) => ofType(p, "options").flatMap((s) => s.options!.map((o) => o.name))
const text = (p: Pest) => JSON.stringify(p)

test("13 pest pages with unique slugs", () => {
  expect(pests).toHaveLength(13)
  expect(new Set(pests.map((p) => p.slug)).size).toBe(13)
})

test("every urgency, severity, aggression, danger and icon is from its allowed set", () => {
  for (const p of pests) {
    expect(URGENCY_LEVELS).toContain(p.urgency)
    expect(ICON_NAMES).toContain(p.card.icon)
    for (const s of ofType(p, "species").flatMap((section) => section.species!)) {
      if (s.severity) expect(SEVERITIES).toContain(s.severity)
      if (s.aggression) expect(AGGRESSION_LEVELS).toContain(s.aggression)
      if (s.danger) expect(DANGER_LEVELS).toContain(s.danger)
    }
  }
})

test("every pest page has species, a process, prevention, a when-to-call card and service options (last)", () => {
  for (const p of pests) {
    expect(ofType(p, "species").length).toBeGreaterThan(0)
    expect(ofType(p, "steps").length).toBeGreaterThan(0)
    expect(ofType(p, "list").length).toBeGreaterThan(0)
    expect(p.sections.some((s) => s.type === "list" && (s as { style?: string }).style === "warning")).toBe(true)
    expect(p.sections[p.sections.length - 1]!.type).toBe("options")
  }
})

test.each(["ants", "spiders", "roaches", "rodents", "bed-bugs", "mosquitos"])(
  "%s carries seasonal information",
  (slug) => {
    expect(ofType(pest(slug), "callout").length + ofType(pest(slug), "facts").length).toBeGreaterThan(0)
  },
)

test("the spec's page specifics and §9 facts are in their pages", () => {
  expect(ofType(pest("ticks"), "species")[0]!.species).toHaveLength(3)
  expect(optionNames(pest("ticks"))).toEqual(["Seasonal Treatment", "Complete Program", "C•ARE+ Plan"])
  expect(ofType(pest("ticks"), "steps")[0]!.steps).toHaveLength(4)
  expect(text(pest("ticks"))).toMatch(/Lyme/)
  expect(text(pest("ticks"))).toMatch(/tick tube/i)

  expect(
    ofType(pest("bees"), "species")[0]!
      .species!.map((s) => s.name)
      .join(" "),
  ).toMatch(/Honey.*Carpenter.*Bumble.*Yellow/is)
  expect(optionNames(pest("bees"))).toEqual(["Standard Nest Removal", "Live Bee Relocation", "Complex Removal"])
  expect(text(pest("bees"))).toContain("$289")
  expect(text(pest("bees"))).toMatch(/\$349.{1,3}\$399/)

  expect(optionNames(pest("fleas"))).toHaveLength(3)
  expect(ofType(pest("fleas"), "options")[0]!.options!.every((o) => o.price === "Get Estimate")).toBe(true)
  expect(text(pest("fleas"))).toContain("140°F")
  expect(text(pest("fleas"))).toMatch(/4.{1,3}6 hours/)

  expect(ofType(pest("wasps"), "species")[0]!.species).toHaveLength(4)
  expect(optionNames(pest("wasps"))).toHaveLength(2)

  expect(ofType(pest("centipedes"), "species")[0]!.species).toHaveLength(3)
  expect(optionNames(pest("centipedes"))).toEqual(["EZ-One Treatment", "Moisture Control Program", "C•ARE Plan"])

  expect(ofType(pest("silverfish"), "areas").length).toBe(1)
  expect(text(pest("silverfish"))).toMatch(/75%/)
  expect(text(pest("silverfish"))).toMatch(/50%/)
  expect(optionNames(pest("silverfish"))).toEqual(["EZ-One Treatment", "Complete Humidity Control", "C•ARE Plan"])

  expect(ofType(pest("termites"), "species")[0]!.species).toHaveLength(2)
  const stats = ofType(pest("termites"), "facts")[0]!
    .facts!.map((f) => f.value)
    .join(" ")
  for (const figure of ["$5 billion", "1 in 50", "$3,000+"]) expect(stats).toContain(figure)
  expect(optionNames(pest("termites"))).toEqual(["Inspection Only", "Treatment + Protection", "C•AREMAX Plan"])

  expect(text(pest("rodents"))).toMatch(/6-month/)
  expect(text(pest("mosquitos"))).toMatch(/April 1/)
  expect(text(pest("mosquitos"))).toMatch(/15%/)
  expect(text(pest("mosquitos"))).toMatch(/3.{1,3}4 weeks/)
  expect(text(pest("bed-bugs"))).toMatch(/2.{1,3}3 visits/)
})

test("the plans, FAQ and pages carry the spec's counts and texts", () => {
  const plans = readData<{
    plans: Array<{ id: string; name: string; badge: string }>
    customPricing: string
    validityNote: string
  }>("plans.yaml")
  expect(plans.plans.map((p) => [p.id, p.name, p.badge])).toEqual([
    ["ez-one", "EZ-One", "MOST POPULAR"],
    ["c-are", "C•ARE", "BEST VALUE"],
    ["c-are-plus", "C•ARE+", "COMPLETE CARE"],
    ["c-aremax", "C•AREMAX", "MAXIMUM PROTECTION"],
  ])
  expect(plans.customPricing).toBe("Custom pricing based on your needs")
  expect(plans.validityNote).toMatch(/48 hours/)
  expect(readData<{ questions: unknown[] }>("faq.yaml").questions).toHaveLength(12)
  const contact = readData<{ whyHeading: string; whyPoints: unknown }>("contact-page.yaml")
  expect(contact.whyHeading).toBe("Why Contact Us First?")
  expect(Array.isArray(contact.whyPoints)).toBe(true)
  // One spelling of the plan names everywhere: the plans page's "C-CAREMAX" typo is not kept.
  for (const file of dataFiles()) expect(JSON.stringify(readData(file))).not.toMatch(/C-CAREMAX|C-ARE/)
})
