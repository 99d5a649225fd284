/**
 * Loads Cloudflare's Turnstile script once per page, and only when asked (the first focus inside a
 * lead form, or the outbox needing a fresh token): no page carries it in its first-load JavaScript.
 */
import type { TurnstileApi } from "./turnstile-api"

export const TURNSTILE_SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"

let loading: Promise<TurnstileApi> | null = null

export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile)
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script")
    script.src = TURNSTILE_SCRIPT_URL
    script.async = true
    const fail = (error: Error) => {
      // Forgotten, so a later focus tries again (the visitor may have come back online).
      loading = null
      script.remove()
      reject(error)
    }
    script.addEventListener("load", () => {
      if (window.turnstile) resolve(window.turnstile)
      else fail(new Error("The Turnstile script loaded but defined no window.turnstile"))
    })
    script.addEventListener("error", () => {
      fail(new Error("The Turnstile script could not load"))
    })
    document.head.append(script)
  })
  return loading
}
