import { render, screen, waitFor } from "@testing-library/react"
import { NotFound, type NotFoundProps } from "../src/components/page/not-found"
import { readData } from "./fixtures/data"

test("shows the spec's texts, both buttons and the phone, and logs the unknown path", async () => {
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined)
  const page = readData<Omit<NotFoundProps, "phone" | "pathname">>("not-found.yaml")
  render(<NotFound {...page} phone={{ display: "(914) 555-0123", e164: "+19145550123" }} pathname="/old-page/" />)

  expect(screen.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeInTheDocument()
  expect(
    screen.getByText("Sorry, we couldn't find the page you're looking for. It might have been moved or doesn't exist."),
  ).toBeInTheDocument()
  expect(screen.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/")
  expect(screen.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact/")
  expect(screen.getByRole("link", { name: "(914) 555-0123" })).toHaveAttribute("href", "tel:+19145550123")
  // Logged from an effect: wait for the call itself, not for a guess at how long effects take.
  await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining("/old-page/")))
  warn.mockRestore()
})
