/** A notice for the visitor; ToastProvider (components/ui/toaster.tsx) shows it. */
export interface ToastInput {
  title: string
  description?: string
  /** Destructive toasts are announced at once (role="alert"); others politely (role="status"). */
  variant?: "default" | "destructive"
}

/**
 * Shows a toast: useToast() of components/ui/toast-item.tsx. Lead code (src/lib) is handed one, so it
 * shows a toast without importing a component.
 */
export type ShowToast = (toast: ToastInput) => void
