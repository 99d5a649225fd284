import { X } from "./ui-icons"
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react"
import { ToastContext, type ToastInput } from "../../hooks/use-toast"

interface Toast extends ToastInput {
  id: number
}

export const TOAST_DURATION_MS = 6000

function ToastItem({
  toast,
  dismissLabel,
  onDismiss,
}: {
  toast: Toast
  dismissLabel: string
  onDismiss: (id: number) => void
}) {
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

/** Holds the stack of toasts; each dismisses itself after a few seconds. `dismissLabel` names their close button (navigation.yaml). */
export function ToastProvider({ children, dismissLabel }: { children: ReactNode; dismissLabel: string }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const nextId = useRef(1)
  const show = useCallback((toast: ToastInput) => {
    setToasts((list) => [...list, { ...toast, id: nextId.current++ }])
  }, [])
  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id))
  }, [])
  // `show` is stable (useCallback with no inputs): the context's consumers never re-render for it.
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        className="pointer-events-none fixed bottom-4 right-4 z-[60] flex w-[22rem] max-w-[calc(100vw-2rem)] flex-col gap-2"
        aria-live="polite"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} dismissLabel={dismissLabel} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  )
}
