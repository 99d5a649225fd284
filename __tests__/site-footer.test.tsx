import { render, screen, within } from "@testing-library/react"
import { SiteFooter } from "../src/components/layout/site-footer"
import { footerPests } from "../src/lib/pest-lists"
import { siteData } from "./fixtures/data"

const { company, navigation, pests } = siteData()

beforeEach(() => {
  render(
    <SiteFooter
      company={company}
      footer={navigation.footer}
      servicesPath="/services"
      pests={footerPests(pests)}
      year="2031"
    />,
  )
})

test("shows the address, the phone and the e-mail as links", () => {
  const footer = screen.getByRole("contentinfo")
  expect(within(footer).getByText("120 Mamaroneck Avenue, Suite 4, White Plains, NY 10601")).toBeInTheDocument()
  expect(within(footer).getByRole("link", { name: "(914) 555-0123" })).toHaveAttribute("href", "tel:+19145550123")
  expect(within(footer).getByRole("link", { name: "info@westchesterfamilypest.example" })).toHaveAttribute(
    "href",
    "mailto:info@westchesterfamilypest.example",
  )
})

test("links the five featured services and all services", () => {
  const services = screen.getByRole("navigation", { name: "Services" })
  const links = within(services).getAllByRole("link")
  expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
    ["Ants", "/services/ants/"],
    ["Rodents", "/services/rodents/"],
    ["Termites", "/services/termites/"],
    ["Bed Bugs", "/services/bed-bugs/"],
    ["Mosquitoes", "/services/mosquitos/"],
    ["All Services", "/services/"],
  ])
})

test("links the company pages and the external customer portal", () => {
  const company = screen.getByRole("navigation", { name: "Company" })
  const hrefs = within(company)
    .getAllByRole("link")
    .map((a) => a.getAttribute("href"))
  expect(hrefs).toEqual([
    "/about/",
    "/plans/",
    "/faq/",
    "/contact/",
    "/estimate/",
    "https://portal.fieldservice.example/westchester-family-pest",
  ])
  const login = within(company).getByRole("link", { name: /Customer Login/ })
  expect(login).toHaveAttribute("target", "_blank")
  expect(login).toHaveAttribute("rel", "noopener noreferrer")
})

test("links privacy and terms", () => {
  const legal = screen.getByRole("navigation", { name: "Legal" })
  expect(within(legal).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy/")
  expect(within(legal).getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms/")
})

test("shows the licence, the service-area towns and the copyright with the build year", () => {
  expect(screen.getByText(/Licensed & Insured/)).toBeInTheDocument()
  expect(screen.getByText(/Registration #15234/)).toBeInTheDocument()
  const area = screen.getByRole("heading", { name: "Service Area" }).parentElement!
  expect(
    within(area)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual(["Scarsdale", "White Plains", "Yonkers"])
  expect(screen.getByText("© 2031 Westchester Family Pest Control. All rights reserved.")).toBeInTheDocument()
})
