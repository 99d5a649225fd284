import { useId } from "react"
import type { TurnstileState } from "../../lib/turnstile/use-turnstile"

/**
 * Where a form's Turnstile widget renders, above its submit button, with its message (no token yet, or
 * the server's refusal) next to it. Cloudflare labels its own iframe; the group names the check and
 * says what it does. Nothing at all when the site has no Turnstile key.
 */
export function TurnstileField({
  turnstile: { enabled, setContainer, texts, message },
}: {
  turnstile: TurnstileState
}) {
  const id = useId()
  if (!enabled) return null
  return (
    <div className="mb-4">
      <div
        ref={setContainer}
        role="group"
        aria-label={texts?.label}
        aria-describedby={`${id}-description ${id}-message`}
        data-turnstile=""
      />
      <p id={`${id}-description`} className="sr-only">
        {texts?.description}
      </p>
      <p id={`${id}-message`} aria-live="polite" className="mt-1 text-sm font-medium text-red-700">
        {message}
      </p>
    </div>
  )
}
