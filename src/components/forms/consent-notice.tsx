import { useLeadTexts } from "../../lib/leads/lead-texts"

/** The consent sentence shown next to a submit button; its version is what the lead records. */
export function ConsentNotice() {
  const texts = useLeadTexts()
  return texts && <p className="text-sm text-slate-600">{texts.consent.text}</p>
}
