import { render, screen, within } from "@testing-library/react"
import { load } from "js-yaml"
import { validateDataFile } from "../gatsby/validate-data"
import { OffersIndex, type OfferCard, type OffersIndexNotes } from "../src/components/offer/offers-index"
import { dataFiles, readData, readNode } from "./fixtures/data"

const notes = readData<OffersIndexNotes>("offers-index.yaml")
const phone = readData<{ phone: { display: string } }>("site.yaml").phone
const offers: OfferCard[] = dataFiles()
  .filter((f) => f.startsWith("offers/"))
  .map((f) => ({ ...readNode<Omit<OfferCard, "phone">>(f), phone }))

test("one card per offer with city, price, offer name, coupon code, phone, hero variant and a link to its page", () => {
  render(<OffersIndex offers={offers} notes={notes} />)
  const cards = screen.getAllByRole("listitem").filter((item) => within(item).queryByRole("heading", { level: 2 }))
  expect(cards).toHaveLength(4)
  const yonkers149 = cards.find((card) => within(card).queryByText("$149"))!
  expect(within(yonkers149).getByRole("heading", { name: "Yonkers" })).toBeInTheDocument()
  expect(within(yonkers149).getByText("Premium Pest Control")).toBeInTheDocument()
  expect(within(yonkers149).getByText("Yonkers149")).toBeInTheDocument()
  expect(within(yonkers149).getByText("(914) 555-0123")).toBeInTheDocument()
  expect(within(yonkers149).getByText("family")).toBeInTheDocument()
  expect(within(yonkers149).getByText("/offer/yonkers149/")).toBeInTheDocument()
  expect(within(yonkers149).getByRole("link", { name: "Open the landing page (Yonkers $149)" })).toHaveAttribute(
    "href",
    "/offer/yonkers149/",
  )
})

test("the template's features and the add-a-city instructions are shown", () => {
  render(<OffersIndex offers={offers} notes={notes} />)
  expect(screen.getByRole("heading", { name: "What every offer page includes" })).toBeInTheDocument()
  expect(screen.getByText(/A Google Ads conversion for every phone tap/)).toBeInTheDocument()
  expect(screen.getByText(/Automatic e-mail notification to the office/)).toBeInTheDocument()
  const steps = within(screen.getByRole("region", { name: "Add a city offer" })).getAllByRole("listitem")
  expect(steps[0]).toHaveTextContent("Copy data/offers/yonkers39.yaml to data/offers/<key>.yaml")
  expect(screen.getByText(/key: newrochelle59/)).toBeInTheDocument()
})

test("the example offer file in the instructions is itself a valid offer", () => {
  const example = load(notes.addCity.example) as Record<string, unknown>
  expect(validateDataFile("offers/newrochelle59.yaml", example)).toEqual([])
})
