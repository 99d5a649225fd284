import { useId, useState, type FormEvent } from "react"
import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { MAX_OUTCOME_NOTE } from "../../../supabase/functions/_shared/kernel/outcomes.ts"
import type { AcknowledgeAnswer, CrmState } from "../../lib/office/office-answers"
import { PRIMARY_BUTTON_CLASS } from "./office-link-page"
import type { OfficeLinkTexts } from "./types"
import { WhoField, suggestedName } from "./who-field"

/** What the form sends: who, the outcome and the note (the hook adds the link's token). */
export type OutcomeFields = { by: string; outcome: string; note: string }

/**
 * "What came of it?": one of the outcomes, an optional note and who records it; sent with the link's token,
 * and changeable from the same link later (the current one is chosen when the page opens).
 */
/** The CRM state's sentence in the data's words. */
const CRM_SENTENCE = {
  sent: "sent",
  queued: "queued",
  not_configured: "notConfigured",
  failed: "failed",
} as const satisfies Record<CrmState, keyof OfficeLinkTexts["outcome"]["crm"]>

export function OutcomeForm({
  answer,
  crm,
  texts,
  busy,
  onSave,
}: {
  answer: AcknowledgeAnswer
  /** Where the CRM's copy of the recorded outcome is (null: none recorded). */
  crm: CrmState | null
  texts: OfficeLinkTexts["outcome"]
  busy: boolean
  onSave: (fields: OutcomeFields) => void
}) {
  const noteId = useId()
  const headingId = useId()
  const { names, outcomes, outcome } = answer
  const [by, setBy] = useState(() => suggestedName(names, outcome?.by ?? null, answer.acknowledgedBy, answer.to))
  const [chosen, setChosen] = useState(outcome?.value ?? "")
  const [note, setNote] = useState(outcome?.note ?? "")
  if (outcomes.length === 0) return null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (chosen) onSave({ by: by || answer.to, outcome: chosen, note: note.trim() })
  }
  return (
    <form
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={submit}
      aria-labelledby={headingId}
    >
      <fieldset>
        <legend id={headingId} className="text-lg font-semibold text-brand-900">
          {texts.heading}
        </legend>
        <p className="mt-1 text-sm text-slate-600">{texts.hint}</p>
        <div className="mt-3 grid gap-2">
          {outcomes.map((choice) => (
            <label key={choice.id} className="flex min-h-11 items-center gap-3 rounded-md px-2 hover:bg-slate-50">
              <input
                type="radio"
                name="outcome"
                value={choice.id}
                checked={chosen === choice.id}
                onChange={() => setChosen(choice.id)}
                className="h-5 w-5"
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4">
        <label htmlFor={noteId} className="block text-sm font-medium text-slate-700">
          {texts.noteLabel}
        </label>
        <textarea
          id={noteId}
          value={note}
          maxLength={MAX_OUTCOME_NOTE}
          onChange={(event) => setNote(event.currentTarget.value)}
          className="mt-1 block min-h-[96px] w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
        />
      </div>
      <WhoField label={texts.whoLabel} names={names} value={by} onChange={setBy} />
      {outcome?.by && <p className="mt-3 text-sm text-slate-600">{fill(texts.recordedBy, { by: outcome.by })}</p>}
      {outcome && crm && (
        <p className="mt-1 text-sm text-slate-600" role="status">
          {texts.crm[CRM_SENTENCE[crm]]}
        </p>
      )}
      <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy || !chosen}>
        {busy ? texts.savingLabel : outcome ? texts.changeLabel : texts.saveLabel}
      </button>
    </form>
  )
}
