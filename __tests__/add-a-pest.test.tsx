/**
 * Adding a pest is one file: a new data/pests/<slug>.yaml is checked like the
 * others, listed in the Services grid, the dropdown and the footer by its own
 * menu flags, offered by the estimate wizard, copied for the functions, and
 * shown with the default picture when it has none.
 */
import type { ValueLabelsData } from "../src/lib/value-labels"
import { render, screen, within } from "./fixtures/site-render"
import userEvent from "@testing-library/user-event"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { dump, load } from "js-yaml"
import { GENERATED_FILE, renderBackendData } from "../gatsby/backend-data"
import { validateDataDir } from "../gatsby/validate-data"
import { EstimateWizard } from "../src/components/estimate/estimate-wizard"
import type { WizardOptions, WizardPlan } from "../src/components/estimate/types"
import { headerProps } from "../src/components/layout/header-props"
import { SiteFooter } from "../src/components/layout/site-footer"
import { SiteHeader } from "../src/components/layout/site-header"
import { ServicesPage, type PestCardData, type ServicesContent } from "../src/components/services/services-page"
import { ToastProvider } from "../src/components/ui/toaster"
import { estimatePestChoices, footerPests, servicesMenuPests, type ListedPest } from "../src/lib/pest-lists"
import { companySchedule, estimateWizardTexts, queriedPest, readData, siteData, windowTexts } from "./fixtures/data"

type PestFile = PestCardData & ListedPest & { image?: unknown; route: string }

/** The texts of the header's Services dropdown, opened, with these pest files. */
async function dropdownItems(pests: readonly PestFile[]) {
  const { unmount } = render(<SiteHeader {...headerProps({ ...siteData(), pests: pests.map(queriedPest) }, "/")} />)
  await userEvent.click(screen.getByRole("button", { name: "Services" }))
  const items = screen
    .getAllByRole("link")
    .filter((a) => a.hasAttribute("data-menu-item"))
    .map((a) => a.textContent)
  unmount()
  return items
}

/** A copy of the project's data/ (and a link to src/ for the pictures) with one more pest file, moles.yaml. */
function dataWithMoles(edit: (moles: Record<string, unknown>) => void = () => undefined) {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "add-a-pest-"))
  const dir = path.join(project, "data")
  fs.cpSync(path.resolve("data"), dir, { recursive: true })
  fs.symlinkSync(path.resolve("src"), path.join(project, "src"))
  // One file in both languages: the English whole, the Spanish its texts.
  const ants = load(fs.readFileSync(path.join(dir, "pests/ants.yaml"), "utf8")) as Record<
    string,
    Record<string, unknown>
  >
  const moles = { ...ants.en }
  Object.assign(moles, {
    slug: "moles",
    name: "Moles",
    heading: "Mole Control",
    menu: { services: 4, footer: 2 },
    estimate: { position: 3, specialTreatment: true },
  })
  delete moles.image
  edit(moles)
  const topos: Record<string, unknown> = { ...ants.es, slug: "topos", name: "Topos", heading: "Control de topos" }
  delete topos.image
  fs.writeFileSync(path.join(dir, "pests/moles.yaml"), dump({ en: moles, es: topos }))
  return {
    dir,
    moles,
    remove: () => {
      fs.rmSync(project, { recursive: true, force: true })
    },
  }
}

/** Each pest file's English, with its page's route as the build gives it. */
const readPests = (dir: string): PestFile[] =>
  fs
    .readdirSync(path.join(dir, "pests"))
    .sort()
    .map((file) => (load(fs.readFileSync(path.join(dir, "pests", file), "utf8")) as { en: PestFile }).en)
    .map((pest) => ({ ...pest, route: `/services/${pest.slug}/` }))

describe("a new pest file", () => {
  const copy = dataWithMoles()
  const pests = readPests(copy.dir)
  afterAll(() => {
    copy.remove()
  })

  test("passes every check without an image of its own (the page shows the default picture)", () => {
    expect(validateDataDir(copy.dir)).toEqual([])
    const services = readData<{ defaultPestImage: { src: string; alt: string } }>("services-page.yaml")
    expect(fs.existsSync(path.resolve("data", services.defaultPestImage.src))).toBe(true)
  })

  test("appears in the Services grid at its menu.services position", () => {
    render(
      <ServicesPage
        heading="Services"
        intro="All of them"
        content={readData<ServicesContent>("services-page.yaml")}
        urgencyLabels={readData<{ valueLabels: ValueLabelsData }>("services-page.yaml").valueLabels.urgency}
        pests={servicesMenuPests(pests)}
        plans={readData<{ plans: [] }>("plans.yaml").plans}
        phone={siteData().company.phone}
        routes={siteData().navigation.routes}
      />,
    )
    const learnMore = screen.getAllByRole("link", { name: /^Learn More\s*: / })
    expect(learnMore).toHaveLength(12)
    expect(learnMore[3]).toHaveAttribute("href", "/services/moles/")
  })

  test("appears in the header's dropdown and the footer where its flags say", async () => {
    const data = { ...siteData(), pests: pests.map(queriedPest) }
    // The dropdown's full list is site-header.test's; here, moles.yaml adds its one item at its menu position.
    const withoutMoles = await dropdownItems(pests.filter((pest) => pest.slug !== "moles"))
    expect(await dropdownItems(pests)).toEqual([...withoutMoles.slice(0, 3), "Moles", ...withoutMoles.slice(3)])

    render(
      <SiteFooter
        company={data.company}
        footer={data.navigation.footer}
        servicesPath="/services"
        pests={footerPests(pests)}
        year="2031"
      />,
    )
    const footer = within(screen.getByRole("navigation", { name: "Services" }))
    expect(footer.getAllByRole("link").map((a) => a.textContent)).toEqual([
      "Ants",
      "Moles",
      "Rodents",
      "Termites",
      "Bed Bugs",
      "Mosquitoes",
      "All Services",
    ])
  })

  test("a pest without menu flags is in neither list", () => {
    const unlisted = dataWithMoles((moles) => delete moles.menu)
    try {
      const all = readPests(unlisted.dir)
      expect(servicesMenuPests(all).map((p) => p.slug)).not.toContain("moles")
      expect(footerPests(all).map((p) => p.slug)).not.toContain("moles")
      expect(validateDataDir(unlisted.dir)).toEqual([])
    } finally {
      unlisted.remove()
    }
  })

  test("is an estimate wizard choice, with the special-treatment warning it asks for", async () => {
    const chosen = pests.map((pest) => ({ ...pest, pageKey: pest.route }))
    const options = { ...readData("estimate-options.yaml"), ...estimatePestChoices(chosen, chosen) } as WizardOptions
    expect(options.pests.slice(0, 4)).toEqual(["Ants", "Roaches", "Moles", "Spiders"])
    expect(options.specialTreatmentPests).toContain("Moles")
    render(
      <ToastProvider dismissLabel="Dismiss">
        <EstimateWizard
          texts={estimateWizardTexts()}
          windowTexts={windowTexts()}
          options={options}
          plans={readData<{ plans: WizardPlan[] }>("plans.yaml").plans}
          phone={siteData().company.phone}
          sameDayRule={{ cutoffHour: 12, days: ["Monday"] }}
          schedule={companySchedule()}
          call={jest.fn()}
          now={() => new Date("2026-11-23T15:00:00Z")}
        />
      </ToastProvider>,
    )
    const user = userEvent.setup()
    await user.click(screen.getByRole("radio", { name: "Apartment" }))
    await user.click(screen.getByRole("button", { name: "Next" }))
    await user.click(screen.getByRole("radio", { name: "EZ-One" }))
    await user.click(screen.getByRole("button", { name: "Next" }))
    await user.click(screen.getByRole("checkbox", { name: "Moles" }))
    expect(screen.getByRole("note")).toHaveTextContent("Special treatment required for: Moles")
  })

  test("is in the functions' generated copy of the estimate options", () => {
    expect(renderBackendData(copy.dir)).toMatch(/"pests": \[\n {4}"Ants",\n {4}"Roaches",\n {4}"Moles",/)
  })
})

test("the functions' copy (made by the tests' setup) is what the generator makes from data/ now", () => {
  expect(fs.readFileSync(GENERATED_FILE, "utf8")).toBe(renderBackendData())
})
