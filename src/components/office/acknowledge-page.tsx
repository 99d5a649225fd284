import { useState } from "react"
import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { parseAnyAcknowledgeAnswer, type AnyAcknowledgeAnswer } from "../../lib/office/office-answers"
import { formatOfficeTime } from "../../lib/office/office-time"
import { useOfficeLink, type OfficeCall } from "../../lib/office/use-office-link"
import { AcknowledgeAll } from "./acknowledge-all"
import { OfficeDetails } from "./office-details"
import { ActionMessage, OfficeLinkPage, PRIMARY_BUTTON_CLASS, StateMessage } from "./office-link-page"
import { OutcomeForm } from "./outcome-form"
import type { OfficePageProps } from "./types"
import { WhoField, suggestedName } from "./who-field"

/** The function behind the "I'm on it" link. */
export const ACKNOWLEDGE_FUNCTION = "acknowledge-lead"

/**
 * /office/acknowledge/#t=…: shows the lead, and on a tap records who is calling it (escalation stops), by
 * name from the on-call list; then what came of it, changeable from the same link. A summary's "I'm on all
 * N" link opens the same page, which then lists its leads (acknowledge-all.tsx).
 */
export function AcknowledgePage({ call, ...props }: OfficePageProps & { call?: OfficeCall }) {
  const { view, confirm, retry } = useOfficeLink(ACKNOWLEDGE_FUNCTION, parseAnyAcknowledgeAnswer, call)
  const { texts, timeZone } = props
  const words = texts.acknowledge
  const { labels } = texts
  // Who takes it, chosen before the tap when the link went to a shared inbox ("" until the answer names the list).
  const [who, setWho] = useState("")

  const answered = (answer: AnyAcknowledgeAnswer, busy: boolean) => {
    if (answer.kind === "batch")
      return (
        <AcknowledgeAll answer={answer} busy={busy} onConfirm={() => confirm()} texts={texts} timeZone={timeZone} />
      )
    const { lead } = answer
    const by = who || suggestedName(answer.names, answer.to)
    const values = { name: lead.name, to: answer.acknowledgedBy ?? answer.to, kind: lead.kind }
    const taken = answer.state !== "ready"
    // The reader has the lead: just took it or recorded its outcome, or took it before and opened the link again.
    const theirs =
      answer.state === "acknowledged" ||
      answer.state === "outcome_recorded" ||
      (taken && (answer.acknowledgedBy === answer.to || answer.acknowledgedBy === by))
    const details = (
      <OfficeDetails
        rows={[
          [labels.name, lead.name],
          [labels.kind, lead.kind],
          [labels.request, lead.request],
          // The number is a link only once the reader has the lead, so nobody calls a customer another is calling.
          [labels.phone, theirs && lead.tel ? <a href={lead.tel}>{lead.phone}</a> : lead.phone],
          [labels.received, formatOfficeTime(lead.receivedAt, timeZone)],
          [labels.reference, lead.reference],
          [labels.sentTo, answer.to],
          [labels.acknowledgedBy, taken ? (answer.acknowledgedBy ?? words.someone) : null],
          [labels.acknowledgedAt, answer.acknowledgedAt && formatOfficeTime(answer.acknowledgedAt, timeZone)],
          [labels.outcome, answer.outcome?.label ?? null],
          [labels.outcomeNote, answer.outcome?.note ?? null],
        ]}
      />
    )
    const board = answer.board && (
      <p className="mt-6">
        <a href={answer.board} className="font-semibold text-brand-800 underline">
          {texts.board.openBoard}
        </a>
      </p>
    )
    const outcome = taken && (
      <OutcomeForm
        // A new answer (another outcome saved) starts the form from what is now recorded.
        key={`${answer.outcome?.value ?? ""}:${answer.outcome?.at ?? ""}`}
        answer={answer}
        texts={texts.outcome}
        busy={busy}
        onSave={(fields) => confirm(fields)}
      />
    )
    if (answer.state === "outcome_recorded")
      return (
        <StateMessage
          heading={texts.outcome.savedHeading}
          text={fill(texts.outcome.savedText, { name: lead.name, by: answer.outcome?.by ?? by })}
        >
          {details}
          {outcome}
          {board}
        </StateMessage>
      )
    return (
      <ActionMessage
        words={words}
        values={values}
        stage={answer.state === "ready" ? "ready" : answer.state === "acknowledged" ? "done" : "already"}
        busy={busy}
        onConfirm={() => confirm(answer.names.length > 1 ? { by } : undefined)}
        controls={<WhoField label={texts.outcome.whoLabel} names={answer.names} value={by} onChange={setWho} />}
        extra={
          theirs &&
          lead.tel && (
            <a href={lead.tel} className={PRIMARY_BUTTON_CLASS}>
              {fill(words.callLabel, values)}
            </a>
          )
        }
        details={
          <>
            {details}
            {outcome}
            {board}
          </>
        }
      />
    )
  }

  return <OfficeLinkPage {...props} view={view} retry={retry} answered={answered} />
}
