import { useId, useState } from "react"
import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { parseReportAnswer, type ReportAnswer } from "../../lib/office/office-answers"
import { useOfficeLink, type OfficeCall } from "../../lib/office/use-office-link"
import { ActionMessage, OfficeLinkPage } from "./office-link-page"
import type { OfficePageProps } from "./types"

/** The function behind the morning summary's link to a past week's report. */
export const REPORT_FUNCTION = "office-report"

const STAGES = { ready: "ready", sent: "done", already_sent: "already" } as const

/**
 * /office/report/#t=…: the ended weeks the link allows, newest first; the chosen one's report is e-mailed to
 * the owner (once per week from one link). The page says it is on its way only when the function queued it.
 */
export function ReportPage({ call, ...props }: OfficePageProps & { call?: OfficeCall }) {
  const { view, confirm, retry } = useOfficeLink(REPORT_FUNCTION, parseReportAnswer, call, { fieldRefusals: true })
  const words = props.texts.report
  const fieldId = useId()
  const errorId = useId()
  // The week chosen; empty until the reader changes it (the newest ended week is the first option).
  const [chosen, setChosen] = useState("")
  const refusal = view.step === "answered" ? view.fields?.week : undefined

  const answered = (answer: ReportAnswer, busy: boolean) => {
    const week = answer.week ?? answer.weeks.find(({ first }) => first === chosen) ?? answer.weeks[0]
    const values = { first: week?.first ?? "", last: week?.last ?? "", recipient: answer.recipient }
    const selected = chosen || answer.weeks[0]?.first || ""
    const controls = (
      <div className="mt-4">
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
          {words.weekLabel}
        </label>
        <select
          id={fieldId}
          value={selected}
          aria-invalid={refusal !== undefined}
          aria-describedby={refusal === undefined ? undefined : errorId}
          onChange={(event) => setChosen(event.currentTarget.value)}
          className="mt-1 block min-h-12 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
        >
          {answer.weeks.map(({ first, last }) => (
            <option key={first} value={first}>
              {fill(words.weekOption, { first, last })}
            </option>
          ))}
        </select>
        {refusal !== undefined && (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
            {refusal}
          </p>
        )}
      </div>
    )
    return (
      <ActionMessage
        words={words}
        values={values}
        stage={STAGES[answer.state]}
        busy={busy}
        onConfirm={() => confirm({ week: selected })}
        controls={controls}
        details={null}
      />
    )
  }

  return <OfficeLinkPage {...props} view={view} retry={retry} answered={answered} />
}
