import { render, screen, within } from "./fixtures/site-render"
import userEvent from "@testing-library/user-event"
import { AboutPage, type AboutContent } from "../src/components/about/about-page"
import { ContactPage, type ContactContent } from "../src/components/contact/contact-page"
import { FaqPage, type FaqContent } from "../src/components/faq/faq-page"
import { HomePage, type HomeContent } from "../src/components/home/home-page"
import type { StaticPageProps } from "../src/components/page/page-template"
import { PestPage, type PestPageProps } from "../src/components/pest/pest-page"
import { PlansPage, type PlansContent } from "../src/components/plans/plans-page"
import { ServicesPage, type PestCardData, type ServicesContent } from "../src/components/services/services-page"
import { hoursLines } from "../src/lib/hours"
import { servicesMenuPests, type ListedPest } from "../src/lib/pest-lists"
import { pestTrail } from "../src/lib/pest-trail"
import type { ValueLabelsData } from "../src/lib/value-labels"
import type { Language } from "../supabase/functions/_shared/kernel/languages"
import { dataFiles, holidayProps, readData, readNode, siteData } from "./fixtures/data"

type ValuesData = { valueLabels: ValueLabelsData }

const { company, navigation } = siteData()
const phone = company.phone
const plans = readData<PlansContent>("plans.yaml")
/** The pest pages' words, as the pest template gives them (navigation.yaml, services-page.yaml). */
const pestLabelsIn = (language: Language): PestPageProps["labels"] => {
  const services = readData<{
    speciesLabels: PestPageProps["labels"]["species"]
    valueLabels: PestPageProps["labels"]["values"]
  }>("services-page.yaml", language)
  return {
    breadcrumb: siteData(language).navigation.labels.breadcrumb,
    species: services.speciesLabels,
    values: services.valueLabels,
  }
}
const pestLabels = pestLabelsIn("en")
/** What every data/pages page component is given, as the page template gives it: the page file's heading and intro, the phone, the routes. */
function staticPage(name: string): StaticPageProps {
  const { heading, intro } = readData<{ heading: string; intro: string }>(`pages/${name}.yaml`)
  return { heading, intro, phone, routes: navigation.routes }
}

/** A data/pests file, as the pest template reads it. */
type PestData = PestPageProps["pest"] & { slug: string; name: string; route: string }

/** A pest page as the pest template renders it (its trail, the pest labels, the phone), with the call label and links a test gives. */
function pestPage(pest: PestData, callLabel: string, links: PestPageProps["links"]) {
  return (
    <PestPage
      pest={pest}
      breadcrumb={pestTrail(navigation, pest)}
      labels={pestLabels}
      phone={phone}
      callLabel={callLabel}
      links={links}
    />
  )
}

describe("a pest page", () => {
  const ticks = readNode<PestData>("pests/ticks.yaml")
  beforeEach(() => {
    render(
      pestPage(ticks, "Call Now", {
        estimate: { label: "Get Free Estimate", path: "/estimate/" },
        plans: { label: "Plans & Pricing", path: "/plans/" },
      }),
    )
  })

  test("has the breadcrumb Home > Services > topic", () => {
    const trail = screen.getByRole("navigation", { name: "Breadcrumb" })
    expect(within(trail).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/")
    expect(within(trail).getByRole("link", { name: "Services" })).toHaveAttribute("href", "/services/")
    expect(within(trail).getByText("Ticks")).toHaveAttribute("aria-current", "page")
  })

  test("has a hero with its heading, the estimate button and the phone button", () => {
    expect(screen.getByRole("heading", { level: 1, name: ticks.heading })).toBeInTheDocument()
    expect(screen.getAllByRole("link", { name: "Get Free Estimate" })[0]).toHaveAttribute("href", "/estimate/")
    expect(screen.getByRole("link", { name: /Call Now \(914\) 555-0123/ })).toHaveAttribute("href", "tel:+19145550123")
  })

  test("renders every section of its data, with severity badges and the plan links", () => {
    for (const section of ticks.sections)
      expect(screen.getByRole("heading", { level: 2, name: section.heading })).toBeInTheDocument()
    expect(screen.getAllByText("Critical").length).toBeGreaterThan(0)
    for (const option of ["Seasonal Treatment", "Complete Program", "C•ARE+ Plan"])
      expect(screen.getByRole("heading", { level: 3, name: option })).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Plans & Pricing" })).toHaveAttribute("href", "/plans/")
  })
})

test("every pest's sections render without losing a heading", () => {
  for (const file of dataFiles().filter((f) => f.startsWith("pests/"))) {
    const pest = readNode<PestData>(file)
    const { unmount } = render(
      pestPage(pest, "Call", {
        estimate: { label: "Estimate", path: "/estimate/" },
        plans: { label: "Plans", path: "/plans/" },
      }),
    )
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(pest.sections.length)
    unmount()
  }
})

test("home: hero with badge and three buttons, four trust cards, four plan cards to /estimate, a link to /plans, closing call", () => {
  const home = readData<HomeContent>("home.yaml")
  const testimonials = readData<{
    heading: string
    items: Array<{ quote: string; name: string; location: string; rating: number }>
  }>("testimonials.yaml")
  render(<HomePage {...staticPage("home")} home={home} plans={plans.plans} testimonials={testimonials} />)
  expect(screen.getByRole("heading", { level: 2, name: testimonials.heading })).toBeInTheDocument()
  expect(screen.getAllByRole("img", { name: "5 out of 5 stars" })).toHaveLength(testimonials.items.length)
  expect(screen.getByText(home.badge)).toBeInTheDocument()
  expect(screen.getAllByRole("link", { name: home.estimateLabel })[0]).toHaveAttribute("href", "/estimate/")
  expect(screen.getByRole("link", { name: home.plansLabel })).toHaveAttribute("href", "/plans/")
  for (const call of screen.getAllByRole("link", { name: new RegExp(`^${home.callLabel} \\(914\\) 555-0123`) }))
    expect(call).toHaveAttribute("href", "tel:+19145550123")
  for (const card of home.trustCards)
    expect(screen.getByRole("heading", { level: 3, name: card.title })).toBeInTheDocument()
  const planLinks = screen.getAllByRole("link", { name: new RegExp(home.planCardLabel) })
  expect(planLinks).toHaveLength(4)
  for (const link of planLinks) expect(link).toHaveAttribute("href", "/estimate/")
  expect(screen.getByRole("link", { name: home.allPlansLabel })).toHaveAttribute("href", "/plans/")
  expect(screen.getByRole("heading", { level: 2, name: home.cta.heading })).toBeInTheDocument()
})

test("services: 11 pest cards with urgency badge and Learn More, three plan summaries, four reasons, a call to action", () => {
  const content = readData<ServicesContent>("services-page.yaml")
  const pests = servicesMenuPests(
    dataFiles()
      .filter((f) => f.startsWith("pests/"))
      .map((f) => readNode<PestCardData & ListedPest>(f)),
  )
  render(
    <ServicesPage
      {...staticPage("services")}
      content={content}
      pests={pests}
      plans={plans.plans}
      urgencyLabels={readData<ValuesData>("services-page.yaml").valueLabels.urgency}
    />,
  )
  const learnMore = screen.getAllByRole("link", { name: /^Learn More\s*: / })
  expect(learnMore).toHaveLength(11)
  expect(learnMore[0]).toHaveAttribute("href", "/services/ants/")
  const grid = screen.getByRole("heading", { level: 2, name: content.gridHeading }).closest("section")!
  for (const pest of pests) expect(within(grid).getAllByText(pest.urgency).length).toBeGreaterThan(0)
  expect(
    screen.getByRole("heading", { level: 2, name: content.plansHeading }).closest("section")!.querySelectorAll("li"),
  ).toHaveLength(3)
  for (const reason of content.reasons)
    expect(screen.getByRole("heading", { level: 3, name: reason.title })).toBeInTheDocument()
  expect(screen.getByRole("heading", { level: 2, name: content.cta.heading })).toBeInTheDocument()
})

test("plans: four cards with included, not included and Ideal For; custom pricing; 48 hours; every plan; buttons to /estimate and /contact", () => {
  render(<PlansPage {...staticPage("plans")} content={plans} />)
  for (const plan of plans.plans) {
    const card = screen.getByRole("heading", { level: 2, name: plan.name }).closest("li")!
    expect(within(card).getByText(plan.badge)).toBeInTheDocument()
    expect(within(card).getByText(plans.includedLabel)).toBeInTheDocument()
    expect(within(card).getByText(`${plans.idealForLabel}:`)).toBeInTheDocument()
    if (plan.notIncluded.length > 0) expect(within(card).getByText(plans.notIncludedLabel)).toBeInTheDocument()
  }
  expect(screen.getByText("Custom pricing based on your needs")).toBeInTheDocument()
  expect(screen.getByText(plans.validityNote)).toBeInTheDocument()
  for (const item of plans.everyPlanIncludes) expect(screen.getByText(item)).toBeInTheDocument()
  const section = screen.getByRole("heading", { level: 2, name: plans.everyPlanHeading }).closest("section")!
  expect(within(section).getByRole("link", { name: plans.estimateLabel })).toHaveAttribute("href", "/estimate/")
  expect(within(section).getByRole("link", { name: plans.contactLabel })).toHaveAttribute("href", "/contact/")
})

test("about: story, quick facts with 2004, four values, what we do and do not do", () => {
  const about = readData<AboutContent>("about.yaml")
  render(<AboutPage {...staticPage("about")} content={about} />)
  expect(screen.getByText(about.story[0]!)).toBeInTheDocument()
  expect(screen.getByText("2004")).toBeInTheDocument()
  for (const value of about.values)
    expect(screen.getByRole("heading", { level: 3, name: value.title })).toBeInTheDocument()
  expect(screen.getByRole("heading", { level: 2, name: about.doHeading })).toBeInTheDocument()
  expect(screen.getByRole("heading", { level: 2, name: about.dontHeading })).toBeInTheDocument()
  expect(screen.getByText(/wildlife/i)).toBeInTheDocument()
})

describe("FAQ", () => {
  const faq = readData<FaqContent>("faq.yaml")
  const renderFaq = () => render(<FaqPage {...staticPage("faq")} content={faq} />)

  test("three quick actions: call, estimate, contact", () => {
    renderFaq()
    expect(screen.getByRole("link", { name: new RegExp(faq.quickActions[0]!.label) })).toHaveAttribute(
      "href",
      "tel:+19145550123",
    )
    expect(screen.getByRole("link", { name: faq.quickActions[1]!.label })).toHaveAttribute("href", "/estimate/")
    expect(screen.getByRole("link", { name: faq.quickActions[2]!.label })).toHaveAttribute("href", "/contact/")
  })

  test("twelve questions; one open at a time; the open one can be closed; keyboard works", async () => {
    renderFaq()
    const user = userEvent.setup()
    const buttons = faq.questions.map((q) => screen.getByRole("button", { name: q.question }))
    expect(buttons).toHaveLength(12)
    const expanded = () => buttons.filter((b) => b.getAttribute("aria-expanded") === "true")
    expect(expanded()).toEqual([buttons[0]])
    await user.click(buttons[3]!)
    expect(expanded()).toEqual([buttons[3]])
    expect(screen.getByText(faq.questions[3]!.answer)).toBeVisible()
    expect(screen.getByText(faq.questions[0]!.answer)).not.toBeVisible()
    await user.click(buttons[3]!)
    expect(expanded()).toEqual([])
    buttons[5]!.focus()
    await user.keyboard("{Enter}")
    expect(expanded()).toEqual([buttons[5]])
    await user.keyboard(" ")
    expect(expanded()).toEqual([])
  })
})

test("contact: why contact us with four points, phone and e-mail links, service area, hours, same-day card, six places", () => {
  const content = readData<ContactContent>("contact-page.yaml")
  render(
    <ContactPage
      {...staticPage("contact")}
      content={content}
      email={company.email}
      hours={hoursLines(company.hours)}
      holidays={holidayProps()}
    />,
  )
  const why = screen.getByRole("heading", { level: 2, name: "Why Contact Us First?" }).closest("section")!
  expect(within(why).getAllByRole("listitem")).toHaveLength(4)
  expect(screen.getByRole("link", { name: "(914) 555-0123" })).toHaveAttribute("href", "tel:+19145550123")
  expect(screen.getByRole("link", { name: company.email })).toHaveAttribute("href", `mailto:${company.email}`)
  expect(screen.getByText("Mon–Fri")).toBeInTheDocument()
  expect(screen.getByRole("heading", { level: 2, name: content.sameDay.heading })).toBeInTheDocument()
  const area = screen.getByRole("heading", { level: 2, name: content.serviceAreaHeading }).closest("section")!
  for (const place of ["White Plains", "Yonkers", "New Rochelle", "Mount Vernon", "Scarsdale"])
    expect(within(area).getByText(place)).toBeInTheDocument()
  expect(within(area).getByText(content.serviceAreaNote)).toBeInTheDocument()
})

describe("a Spanish pest page says its fixed values by their Spanish labels (services-page.yaml valueLabels)", () => {
  const labels = pestLabelsIn("es")
  const labelOf = (list: ValueLabelsData[keyof ValueLabelsData], value: string) =>
    list.find((entry) => entry.value === value)?.label
  const wasps = readNode<PestData>("pests/wasps.yaml", "es")
  const species = wasps.sections.flatMap((section) => section.species ?? [])

  test("the urgency, the severity, the aggression and the danger, never the English value", () => {
    render(
      <PestPage
        pest={wasps}
        breadcrumb={pestTrail(siteData("es").navigation, wasps)}
        labels={labels}
        phone={phone}
        callLabel="Llame ahora"
        links={{
          estimate: { label: "Pida su cotización gratis", path: "/es/cotizacion/" },
          plans: { label: "Planes y precios", path: "/es/planes/" },
        }}
      />,
    )
    expect(screen.getByText(labelOf(labels.values.urgency, wasps.urgency) ?? "")).toBeInTheDocument()
    expect(screen.queryByText(wasps.urgency)).not.toBeInTheDocument()
    const aggressive = species.find((s) => s.aggression)
    const dangerous = species.find((s) => s.danger)
    if (!aggressive?.aggression || !dangerous?.danger) throw new Error("wasps.yaml lists no aggression or danger")
    expect(
      screen.getAllByText(`${labels.species.aggression}: ${labelOf(labels.values.aggression, aggressive.aggression)}`)
        .length,
    ).toBeGreaterThan(0)
    expect(
      screen.getAllByText(`${labels.species.danger}: ${labelOf(labels.values.danger, dangerous.danger)}`).length,
    ).toBeGreaterThan(0)
    for (const level of ["Low", "Medium", "High", "Moderate", "Severe", "Critical"])
      expect(screen.queryByText(new RegExp(`(^|: )${level}$`))).not.toBeInTheDocument()
  })

  test("every value of the schema has its Spanish label, unlike its English", () => {
    const english = readData<ValuesData>("services-page.yaml").valueLabels
    for (const field of ["urgency", "severity", "aggression", "danger"] as const)
      for (const [i, entry] of labels.values[field].entries()) {
        expect(entry.value).toBe(english[field][i]?.value)
        expect(entry.label).not.toBe(english[field][i]?.label)
      }
  })
})
