import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import type { BatchAnswer } from "../../lib/office/office-answers"
import { formatOfficeTime } from "../../lib/office/office-time"
import { textHref } from "./lead-contact"
import { ActionMessage } from "./office-link-page"
import type { OfficeActionTexts, OfficeLinkTexts } from "./types"

/** Every text of a state with the summary's numbers filled in (the button's label names the count too). */
const filled = (words: OfficeActionTexts, values: Readonly<Record<string, string>>): OfficeActionTexts => ({
  readyHeading: fill(words.readyHeading, values),
  readyText: fill(words.readyText, values),
  confirmLabel: fill(words.confirmLabel, values),
  confirmingLabel: fill(words.confirmingLabel, values),
  doneHeading: fill(words.doneHeading, values),
  doneText: fill(words.doneText, values),
  alreadyHeading: fill(words.alreadyHeading, values),
  alreadyText: fill(words.alreadyText, values),
})

/**
 * A summary's "I'm on all N" link: the leads it lists, oldest first, each number to call or text at once (the
 * page is behind a signed link), and one button that takes every one nobody has taken yet.
 */
export function AcknowledgeAll({
  answer,
  busy,
  onConfirm,
  texts,
  timeZone,
}: {
  answer: BatchAnswer
  busy: boolean
  onConfirm: () => void
  texts: OfficeLinkTexts
  timeZone: string
}) {
  const { batch, to } = answer
  // Taken from the shared inbox: "You're on them", not "They're yours, Office inbox".
  const words = answer.shared.includes(to)
    ? {
        ...texts.acknowledgeAll,
        doneHeading: texts.acknowledgeAll.doneHeadingShared,
        doneText: texts.acknowledgeAll.doneTextShared,
      }
    : texts.acknowledgeAll
  const values = { count: String(batch.count), waiting: String(batch.waiting), to }
  const details = (
    <ol className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {batch.leads.map((lead) => (
        <li key={lead.reference} className="px-4 py-3">
          <p className="font-semibold text-slate-900">{lead.name}</p>
          {lead.prefers && <p className="font-semibold text-amber-900">{lead.prefers}</p>}
          <p className="text-sm text-slate-600">
            {lead.kind}, {formatOfficeTime(lead.receivedAt, timeZone)}
          </p>
          <p className="break-words text-slate-800">{lead.request}</p>
          {lead.tel ? (
            <p className="flex flex-wrap gap-x-4">
              <a href={lead.tel} className="underline">
                {lead.phone}
              </a>
              <a href={textHref(lead.tel)} className="underline">
                {texts.acknowledge.textLabel}
              </a>
            </p>
          ) : (
            <p>{lead.phone}</p>
          )}
          {lead.acknowledgedBy && (
            <p className="text-sm text-slate-600">{fill(words.takenBy, { name: lead.acknowledgedBy })}</p>
          )}
        </li>
      ))}
    </ol>
  )
  return (
    <ActionMessage
      words={filled(words, values)}
      values={values}
      stage={answer.state === "ready" ? "ready" : answer.state === "acknowledged" ? "done" : "already"}
      busy={busy}
      onConfirm={onConfirm}
      details={details}
    />
  )
}
