import { useId, useRef, type ReactNode } from "react"
import { useFocusTrap } from "../../hooks/use-focus-trap"
import { useScrollLock } from "../../hooks/use-scroll-lock"

interface ModalFrameProps {
  open: boolean
  onClose: () => void
  /** What names the dialog: its own label, or the id of its title. */
  name: { "aria-label": string } | { "aria-labelledby": string }
  /** Where phone links inside report from (see tracking). */
  placement: string
  /** Where the frame shows (and on which screens); the backdrop's shade; the panel's place and look. */
  classes: { frame: string; backdrop: string; panel: string }
  children: ReactNode
}

/**
 * A modal's frame (the dialog, the mobile menu): a backdrop that closes it on a
 * click, and the dialog panel; while open, focus stays inside, Escape closes it
 * and the page behind does not scroll.
 */
export function ModalFrame({ open, onClose, name, placement, classes, children }: ModalFrameProps) {
  const panel = useRef<HTMLDivElement>(null)
  useFocusTrap(panel, open, onClose)
  useScrollLock(open)

  if (!open) return null
  return (
    <div className={`fixed inset-0 z-50 ${classes.frame}`}>
      <div className={`absolute inset-0 animate-fade-in ${classes.backdrop}`} aria-hidden="true" onClick={onClose} />
      <div ref={panel} role="dialog" aria-modal="true" {...name} data-placement={placement} className={classes.panel}>
        {children}
      </div>
    </div>
  )
}

interface ModalDialogProps {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  /** Where phone links inside report from (see tracking). */
  placement?: string
}

const DIALOG_CLASSES = {
  frame: "flex items-center justify-center p-4",
  backdrop: "bg-slate-900/70",
  panel: "relative w-full max-w-md animate-fade-in rounded-2xl bg-white p-6 text-center shadow-2xl sm:p-8",
}

/** A centred modal dialog: named by its title, focus kept inside, Escape or the backdrop closes it, page scroll locked. */
export function ModalDialog({ open, title, onClose, children, placement = "dialog" }: ModalDialogProps) {
  const titleId = useId()
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      name={{ "aria-labelledby": titleId }}
      placement={placement}
      classes={DIALOG_CLASSES}
    >
      <h2 id={titleId} className="text-2xl font-extrabold text-brand-900">
        {title}
      </h2>
      {children}
    </ModalFrame>
  )
}
