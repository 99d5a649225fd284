import { useCallback, useState } from "react"
import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { useExitIntent } from "../../hooks/use-exit-intent"
import { CallPromptDialog } from "../ui/call-prompt-dialog"
import type { ExitIntentTexts, PhoneNumber } from "./types"

/**
 * Opens when the pointer leaves through the top of the window, at most once
 * per page load and never once `armed` is false (the visit is booked).
 */
export function ExitIntentPopup({
  texts,
  phone,
  armed,
}: {
  texts: ExitIntentTexts
  phone: PhoneNumber
  armed: boolean
}) {
  const [shown, setShown] = useState(false)
  const [open, setOpen] = useState(false)
  useExitIntent(() => {
    setShown(true)
    setOpen(true)
  }, armed && !shown)
  // Stable, so the dialog's focus trap is set up once per opening.
  const close = useCallback(() => {
    setOpen(false)
  }, [])
  return (
    <CallPromptDialog
      open={open}
      onClose={close}
      heading={texts.heading}
      text={texts.text}
      phone={phone}
      callLabel={fill(texts.callLabel, { phone: phone.display })}
      dismissLabel={texts.closeLabel}
    />
  )
}
