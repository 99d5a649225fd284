/**
 * A fresh Turnstile token for a submission kept in the browser's outbox whose first send never reached
 * the backend (so no pass is remembered for it). A managed widget in a small fixed corner box shows
 * itself only if Cloudflare wants the visitor to act ("interaction-only"), and is removed once it has
 * answered. Loaded only by the outbox when it needs it; with no site key there is no token to be had.
 */
import { backendConfig } from "../backend-config"
import { loadTurnstile } from "./load-turnstile"
import { TURNSTILE_TEXTS } from "./turnstile-texts"

/** Long enough for a visitor to notice and answer an interactive check; then the outbox backs off. */
export const OUTBOX_TOKEN_TIMEOUT_MS = 120_000

export async function freshTurnstileToken(
  siteKey: string = backendConfig.turnstileSiteKey,
  timeoutMs: number = OUTBOX_TOKEN_TIMEOUT_MS,
): Promise<string | null> {
  if (!siteKey) return null
  const api = await loadTurnstile().catch(() => null)
  if (!api) return null
  const box = document.createElement("div")
  box.setAttribute("role", "group")
  box.setAttribute("aria-label", TURNSTILE_TEXTS.label)
  box.dataset.turnstileOutbox = ""
  Object.assign(box.style, { position: "fixed", right: "1rem", bottom: "1rem", zIndex: "60" })
  document.body.append(box)
  return new Promise<string | null>((resolve) => {
    const state: { done: boolean; id: string | null | undefined } = { done: false, id: undefined }
    const finish = (token: string | null) => {
      if (state.done) return
      state.done = true
      clearTimeout(timer)
      // The widget may answer inside render(), before its id is known: removed just after render then.
      if (state.id) api.remove(state.id)
      box.remove()
      resolve(token)
    }
    const timer = setTimeout(() => finish(null), timeoutMs)
    try {
      state.id = api.render(box, {
        sitekey: siteKey,
        action: "outbox",
        appearance: "interaction-only",
        callback: (token) => finish(token),
        "expired-callback": () => finish(null),
        "error-callback": () => {
          finish(null)
        },
      })
    } catch {
      finish(null)
    }
    if (state.done && state.id) api.remove(state.id)
  })
}
