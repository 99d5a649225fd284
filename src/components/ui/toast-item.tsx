import { useCallback, useContext, useEffect } from "react"
import type { ShowToast } from "../../lib/toast"
import { ToastContext, type ToastView } from "./toaster"
import { X } from "./ui-icons"

export const TOAST_DURATION_MS = 6000

/** One toast: its title, text and close button; it dismisses itself after TOAST_DURATION_MS. */
const ToastItem: ToastView = ({ toast, dismissLabel, onDismiss }) => {
  useEffect(() => {
    const timer = setTimeout(() => {
      onDismiss(toast.id)
    }, TOAST_DURATION_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [toast.id, onDismiss])
  const destructive = toast.variant === "destructive"
  // Not a list item: a role on an <li> would break its list for assistive technology (axe "list").
  return (
    <div
      role={destructive ? "alert" : "status"}
      className={`pointer-events-auto flex w-full gap-3 rounded-xl border p-4 shadow-lg ${destructive ? "border-red-300 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"}`}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && (
          <p className={`mt-1 text-sm ${destructive ? "text-red-50" : "text-slate-700"}`}>{toast.description}</p>
        )}
      </div>
      <button
        type="button"
        onClick={() => {
          onDismiss(toast.id)
        }}
        className="self-start rounded p-1 hover:bg-black/10"
        aria-label={dismissLabel}
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  )
}

/**
 * Shows a toast from any component under ToastProvider. Only code loaded after the page (the lead forms)
 * imports this file, so ToastItem stays out of the page's first-load JavaScript.
 */
export function useToast(): ShowToast {
  const show = useContext(ToastContext)
  return useCallback(
    (toast) => {
      show(toast, ToastItem)
    },
    [show],
  )
}
