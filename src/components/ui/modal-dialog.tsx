import { useId, useRef, type ReactNode } from "react"
import { useFocusTrap } from "../../hooks/use-focus-trap"
import { useScrollLock } from "../../hooks/use-scroll-lock"

interface ModalDialogProps {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  /** Where phone links inside report from (see tracking). */
  placement?: string
}

/** A centred modal dialog: named by its title, focus kept inside, Escape or the backdrop closes it, page scroll locked. */
export function ModalDialog({ open, title, onClose, children, placement = "dialog" }: ModalDialogProps) {
  const panel = useRef<HTMLDivElement>(null)
  const titleId = useId()
  useFocusTrap(panel, open, onClose)

  useScrollLock(open)

  if (!open) return null
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="absolute inset-0 animate-fade-in bg-slate-900/70" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-placement={placement}
        className="relative w-full max-w-md animate-fade-in rounded-2xl bg-white p-6 text-center shadow-2xl sm:p-8"
      >
        <h2 id={titleId} className="text-2xl font-extrabold text-brand-900">
          {title}
        </h2>
        {children}
      </div>
    </div>
  )
}
