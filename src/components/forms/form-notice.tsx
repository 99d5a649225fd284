import { useEffect, useRef } from "react"
import type { ToastInput } from "../../lib/toast"

/**
 * A lead form's last outcome, in the form, under its button: where the visitor looks after tapping it. A toast
 * alone hides behind a phone's keyboard; this one takes the focus, which closes the keyboard, scrolls it into view
 * and has a screen reader read it. Not a live region: the toast already announces it, once.
 */
export function FormNotice({ notice }: { notice: ToastInput | null }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!notice) return
    // Focusing scrolls it into view.
    ref.current?.focus()
  }, [notice])
  if (!notice) return null
  const destructive = notice.variant === "destructive"
  return (
    <div
      ref={ref}
      tabIndex={-1}
      data-form-notice={destructive ? "problem" : "done"}
      className={`rounded-lg border p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${destructive ? "border-red-300 bg-red-50 text-red-900" : "border-brand-100 bg-brand-50 text-brand-900"}`}
    >
      <p className="font-semibold">{notice.title}</p>
      {notice.description && <p className="mt-1 text-sm">{notice.description}</p>}
    </div>
  )
}
