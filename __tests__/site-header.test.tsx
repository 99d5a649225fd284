import { act, fireEvent, render, screen, within } from "./fixtures/site-render"
import userEvent from "@testing-library/user-event"
import { SiteHeader } from "../src/components/layout/site-header"
import { headerProps } from "../src/components/layout/header-props"
import { siteData } from "./fixtures/data"

const data = siteData()
const { company } = data

const renderHeader = (currentPath = "/") => render(<SiteHeader {...headerProps(data, currentPath)} />)

const mainNav = () => screen.getByRole("navigation", { name: "Main" })
const servicesButton = () => within(mainNav()).getByRole("button", { name: "Services" })

describe("desktop navigation", () => {
  test("lists the links, the phone and hours, and Get Estimate", () => {
    renderHeader()
    const nav = mainNav()
    for (const label of ["Home", "Plans & Pricing", "About Us", "FAQ", "Contact"]) {
      expect(within(nav).getByRole("link", { name: label })).toBeInTheDocument()
    }
    expect(within(nav).getByRole("link", { name: "Plans & Pricing" })).toHaveAttribute("href", "/plans/")
    expect(screen.getByRole("link", { name: "Get Estimate" })).toHaveAttribute("href", "/estimate/")
    expect(screen.getAllByRole("link", { name: /\(914\) 555-0123/ })[0]).toHaveAttribute("href", "tel:+19145550123")
    for (const line of ["Mon–Fri 8am–6pm", "Sat 9am–4pm", "Sun 9am–1pm"])
      expect(screen.getByText(line)).toBeInTheDocument()
  })

  test("highlights the current page", () => {
    renderHeader("/about/")
    expect(within(mainNav()).getByRole("link", { name: "About Us" })).toHaveAttribute("aria-current", "page")
    expect(within(mainNav()).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current")
    expect(servicesButton()).not.toHaveAttribute("data-active")
  })

  test.each(["/services/", "/services/ants/", "/services/bed-bugs/"])("Services is active on %s", (path) => {
    renderHeader(path)
    expect(servicesButton()).toHaveAttribute("data-active", "true")
    expect(within(mainNav()).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current")
  })
})

describe("the Services dropdown", () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())
  const advance = (ms: number) => {
    act(() => {
      jest.advanceTimersByTime(ms)
    })
  }

  test("lists the 11 pests and View All Services", async () => {
    renderHeader()
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(servicesButton())
    const links = within(mainNav())
      .getAllByRole("link")
      .filter((a) => a.hasAttribute("data-menu-item"))
    expect(links.map((a) => a.textContent)).toEqual([
      "Ants",
      "Spiders",
      "Cockroaches",
      "Rodents",
      "Bed Bugs",
      "Mosquitoes",
      "Ticks",
      "Bees",
      "Centipedes",
      "Silverfish",
      "Termites",
      "View All Services",
    ])
    expect(links[4]).toHaveAttribute("href", "/services/bed-bugs/")
    expect(links[11]).toHaveAttribute("href", "/services/")
  })

  /**
   * Plays pointer moves and clock steps over the dropdown: "enter"/"leave" move the pointer, a number
   * advances the clock, and "open"/"closed" check the menu at that moment.
   */
  const play = (...steps: Array<"enter" | "leave" | "open" | "closed" | number>) => {
    renderHeader()
    const wrapper = servicesButton().parentElement!
    for (const step of steps) {
      if (typeof step === "number") advance(step)
      else if (step === "enter") fireEvent.mouseEnter(wrapper)
      else if (step === "leave") fireEvent.mouseLeave(wrapper)
      else expect(servicesButton()).toHaveAttribute("aria-expanded", String(step === "open"))
    }
  }

  test("opens 200 ms after the pointer enters and closes 150 ms after it leaves", () => {
    play("enter", 199, "closed", 1, "open", "leave", 149, "open", 1, "closed")
  })

  test("re-opens at once within the 300 ms skip delay, and waits again after it", () => {
    play("enter", 200, "leave", 150, "closed", 299, "enter", "open", "leave", 150 + 300, "enter", "closed", 200, "open")
  })

  test("a pointer that passes through without stopping does not open it", () => {
    play("enter", 100, "leave", 500, "closed")
  })

  test("works from the keyboard: ArrowDown opens and moves, Escape closes and returns focus", () => {
    renderHeader()
    servicesButton().focus()
    fireEvent.keyDown(servicesButton(), { key: "ArrowDown" })
    act(() => {
      jest.runOnlyPendingTimers()
    })
    expect(servicesButton()).toHaveAttribute("aria-expanded", "true")
    expect(within(mainNav()).getByRole("link", { name: "Ants" })).toHaveFocus()
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" })
    expect(within(mainNav()).getByRole("link", { name: "Spiders" })).toHaveFocus()
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" })
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" })
    expect(within(mainNav()).getByRole("link", { name: "View All Services" })).toHaveFocus()
    fireEvent.keyDown(document.activeElement!, { key: "Escape" })
    expect(servicesButton()).toHaveAttribute("aria-expanded", "false")
    expect(servicesButton()).toHaveFocus()
  })

  test("choosing a pest closes it", async () => {
    renderHeader()
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
    await user.click(servicesButton())
    await user.click(within(mainNav()).getByRole("link", { name: "Termites" }))
    expect(servicesButton()).toHaveAttribute("aria-expanded", "false")
  })
})

describe("the mobile menu", () => {
  test("opens as a dialog with everything the spec lists", async () => {
    renderHeader()
    const user = userEvent.setup()
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Open menu" }))
    const dialog = screen.getByRole("dialog", { name: "Menu" })
    expect(dialog).toHaveAttribute("aria-modal", "true")
    expect(within(dialog).getByRole("link", { name: `${company.name}, home` })).toBeInTheDocument()
    expect(within(dialog).getByRole("link", { name: /\(914\) 555-0123/ })).toHaveAttribute("href", "tel:+19145550123")
    expect(within(dialog).getByText("20+ Years Serving Westchester")).toBeInTheDocument()
    for (const label of ["Home", "Services", "Plans & Pricing", "About Us", "FAQ", "Contact"]) {
      expect(within(dialog).getByRole("link", { name: label })).toBeInTheDocument()
    }
    expect(within(dialog).getByRole("link", { name: "Get Free Estimate" })).toHaveAttribute("href", "/estimate/")
    expect(within(dialog).getByRole("link", { name: "Call Now" })).toHaveAttribute("href", "tel:+19145550123")
    expect(within(dialog).getByText("Mon–Fri")).toBeInTheDocument()
    expect(within(dialog).getByText("9am–1pm")).toBeInTheDocument()
  })

  test("keeps focus inside and closes on Escape, returning focus to the menu button", async () => {
    renderHeader()
    const user = userEvent.setup()
    await user.click(screen.getByRole("button", { name: "Open menu" }))
    const dialog = screen.getByRole("dialog")
    await act(() => Promise.resolve())
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    for (let i = 0; i < 15; i++) await user.tab()
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    await user.tab({ shift: true })
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    await user.keyboard("{Escape}")
    await act(() => Promise.resolve())
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveFocus()
  })

  test("closes when a link is followed or the close button is pressed", async () => {
    renderHeader()
    const user = userEvent.setup()
    await user.click(screen.getByRole("button", { name: "Open menu" }))
    await user.click(within(screen.getByRole("dialog")).getByRole("link", { name: "FAQ" }))
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Open menu" }))
    await user.click(screen.getByRole("button", { name: "Close menu" }))
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()
  })
})
