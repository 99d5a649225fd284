import { PhoneLink } from "./phone-link"
import { ModalDialog } from "./modal-dialog"

const CALL_LINK_CLASS =
  "mt-6 flex items-center justify-center gap-2 rounded-xl bg-accent-600 px-5 py-3 text-lg font-bold text-white hover:bg-accent-700"

interface CallPromptDialogProps {
  open: boolean
  onClose: () => void
  heading: string
  text: string
  phone: { e164: string }
  callLabel: string
  dismissLabel: string
}

/** The offer pages' exit-intent prompt: one more reason to call, a call button, and a way to carry on reading. */
export function CallPromptDialog({
  open,
  onClose,
  heading,
  text,
  phone,
  callLabel,
  dismissLabel,
}: CallPromptDialogProps) {
  return (
    <ModalDialog open={open} title={heading} onClose={onClose} placement="exit-intent">
      <p className="mt-3 text-slate-700">{text}</p>
      <PhoneLink phone={phone} label={callLabel} number="none" icon="md" className={CALL_LINK_CLASS} />
      <button
        type="button"
        onClick={onClose}
        className="mt-3 w-full rounded-xl px-5 py-3 font-semibold text-slate-700 hover:bg-slate-100"
      >
        {dismissLabel}
      </button>
    </ModalDialog>
  )
}
