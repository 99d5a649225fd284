import { Phone } from "lucide-react"
import { useCallback, useState } from "react"
import { fill } from "../../../supabase/functions/_shared/mail/escape.ts"
import { useExitIntent } from "../../hooks/use-exit-intent"
import { telHref } from "../../lib/phone"
import { ModalDialog } from "../ui/modal-dialog"
import type { ExitIntentTexts, PhoneNumber } from "./types"

/**
 * Opens when the pointer leaves through the top of the window, at most once
 * per page load and never once `armed` is false (the visit is booked).
 */
export function ExitIntentPopup({ texts, phone, armed }: { texts: ExitIntentTexts; phone: PhoneNumber; armed: boolean }) {
  const [shown, setShown] = useState(false)
  const [open, setOpen] = useState(false)
  const listening = armed && !shown
  useExitIntent(() => {
    // The listener goes away in an effect, a frame after a booking; until then this check keeps the rule.
    if (!listening) return
    setShown(true)
    setOpen(true)
  }, listening)
  // Stable, so the dialog's focus trap is set up once per opening.
  const close = useCallback(() => setOpen(false), [])
  return (
    <ModalDialog open={open} title={texts.heading} onClose={close} placement="exit-intent">
      <p className="mt-3 text-slate-700">{texts.text}</p>
      <a href={telHref(phone.e164)} className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-lg bg-accent-600 px-5 py-3 text-lg font-bold text-white hover:bg-accent-700">
        <Phone className="h-5 w-5" aria-hidden="true" />
        {fill(texts.callLabel, { phone: phone.display })}
      </a>
      <button type="button" onClick={close} className="mt-3 w-full rounded-lg px-5 py-2 font-semibold text-slate-700 hover:bg-slate-100">
        {texts.closeLabel}
      </button>
    </ModalDialog>
  )
}
