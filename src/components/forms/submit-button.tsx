import { buttonClass } from "../ui/button-class"

/** A lead form's submit button: its busy label, disabled, while the lead is being sent. */
export function SubmitButton({
  label,
  busyLabel = label,
  busy = false,
  large = false,
}: {
  label: string
  busyLabel?: string
  busy?: boolean
  large?: boolean
}) {
  return (
    <button
      type="submit"
      className={`${buttonClass("primary")} w-full ${large ? "text-lg " : ""}disabled:opacity-60`}
      disabled={busy}
    >
      {busy ? busyLabel : label}
    </button>
  )
}
