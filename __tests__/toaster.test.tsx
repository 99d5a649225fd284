import { act, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { TOAST_DURATION_MS, useToast } from "../src/components/ui/toast-item"
import { ToastProvider } from "../src/components/ui/toaster"

function Buttons() {
  const toast = useToast()
  return (
    <>
      <button
        onClick={() => {
          toast({ title: "Saved", description: "All good" })
        }}
      >
        ok
      </button>
      <button
        onClick={() => {
          toast({ title: "Error", description: "Call us", variant: "destructive" })
        }}
      >
        bad
      </button>
    </>
  )
}

test("toasts stack, are announced (status, or alert when destructive), and dismiss themselves", async () => {
  jest.useFakeTimers()
  render(
    <ToastProvider dismissLabel="Dismiss">
      <Buttons />
    </ToastProvider>,
  )
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
  await user.click(screen.getByRole("button", { name: "ok" }))
  await user.click(screen.getByRole("button", { name: "bad" }))
  expect(screen.getByRole("status")).toHaveTextContent("SavedAll good")
  expect(screen.getByRole("alert")).toHaveTextContent("ErrorCall us")
  await user.click(screen.getAllByRole("button", { name: "Dismiss" })[1]!)
  expect(screen.queryByRole("alert")).not.toBeInTheDocument()
  act(() => {
    jest.advanceTimersByTime(TOAST_DURATION_MS)
  })
  expect(screen.queryByRole("status")).not.toBeInTheDocument()
  jest.useRealTimers()
})
