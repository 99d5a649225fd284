import { likelyAddress } from "../../../supabase/functions/_shared/kernel/email-suggestion.ts"
import { useFieldErrorTexts } from "../../lib/leads/lead-texts"

/**
 * "Did you mean ana@gmail.com?" under an e-mail field whose domain looks like a typo, once the visitor has
 * left the field; the address is a button that puts it in the field. Never a refusal: the typed address is
 * sent if they keep it. The words are the page's (data/lead-messages.yaml fieldErrors.emailSuggestion); a
 * form outside a page template has none, and shows no hint.
 */
export function EmailSuggestion({
  value,
  shown,
  onPick,
}: {
  value: string
  shown: boolean
  onPick: (address: string) => void
}) {
  const template = useFieldErrorTexts()?.emailSuggestion
  const address = shown && template ? likelyAddress(value) : null
  if (!address || !template) return null
  const [before = "", after = ""] = template.split("{address}")
  return (
    <p className="mt-1 text-sm text-slate-700">
      {before}
      <button
        type="button"
        className="font-medium text-brand-800 underline underline-offset-2"
        onClick={() => onPick(address)}
      >
        {address}
      </button>
      {after}
    </p>
  )
}
