import { createContext, useCallback, useRef, useState, type ComponentType, type ReactNode } from "react"
import type { ToastInput } from "../../lib/toast"

interface Toast extends ToastInput {
  id: number
}

/** What draws one toast: ToastItem (toast-item.tsx). */
export type ToastView = ComponentType<{ toast: Toast; dismissLabel: string; onDismiss: (id: number) => void }>

/**
 * Adds a toast and what draws it. Toasts follow a form's submit, so the drawing comes with the form's code
 * (useToast, toast-item.tsx, loaded after the page) and the page's first-load JavaScript has only the stack.
 */
export const ToastContext = createContext<(toast: ToastInput, View: ToastView) => void>(() => undefined)

/** Holds the stack of toasts; each dismisses itself after a few seconds. `dismissLabel` names their close button (navigation.yaml). */
export function ToastProvider({ children, dismissLabel }: { children: ReactNode; dismissLabel: string }) {
  const [toasts, setToasts] = useState<(Toast & { View: ToastView })[]>([])
  const nextId = useRef(1)
  const show = useCallback((toast: ToastInput, View: ToastView) => {
    setToasts((list) => [...list, { ...toast, View, id: nextId.current++ }])
  }, [])
  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id))
  }, [])
  // `show` is stable (useCallback with no inputs): the context's consumers never re-render for it.
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        className="pointer-events-none fixed top-4 right-4 z-[60] sm:top-auto sm:bottom-4 flex w-[22rem] max-w-[calc(100vw-2rem)] flex-col gap-2"
        aria-live="polite"
      >
        {toasts.map((toast) => (
          <toast.View key={toast.id} toast={toast} dismissLabel={dismissLabel} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  )
}
