import { createContext, useContext } from "react"

/** A notice for the visitor; ToastProvider (components/ui/toaster.tsx) shows it. */
export interface ToastInput {
  title: string
  description?: string
  /** Destructive toasts are announced at once (role="alert"); others politely (role="status"). */
  variant?: "default" | "destructive"
}

/** Here rather than beside the provider, so the lead code (src/lib) can show a toast without importing a component. */
export const ToastContext = createContext<(toast: ToastInput) => void>(() => undefined)

/** Shows a toast from any component under the provider. */
export const useToast = () => useContext(ToastContext)
