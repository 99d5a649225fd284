/** The part of Cloudflare Turnstile's browser API (explicit rendering) the site uses. */
export interface TurnstileRenderOptions {
  sitekey: string
  /** Shown in Cloudflare's analytics and returned by siteverify: which form (letters, digits, _ and -; at most 32). */
  action?: string
  /** "interaction-only": the widget shows itself only when the visitor has to act. */
  appearance?: "always" | "execute" | "interaction-only"
  /** The widget's own words (its challenge, its errors) in the page's language: "es", "en". */
  language?: string
  callback: (token: string) => void
  "expired-callback"?: () => void
  "error-callback"?: (code?: string) => void
}

export interface TurnstileApi {
  render: (container: HTMLElement, options: TurnstileRenderOptions) => string | null | undefined
  reset: (widgetId?: string) => void
  remove: (widgetId?: string) => void
  getResponse: (widgetId?: string) => string | undefined
}

declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

/** Cloudflare's limits for `action`: a form's name made to fit. */
export const turnstileAction = (form: string) => form.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 32)
