import { useEffect, useState } from "react"
import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import {
  parseAnyAcknowledgeAnswer,
  type AcknowledgeAnswer,
  type AnyAcknowledgeAnswer,
  type CrmState,
} from "../../lib/office/office-answers"
import { formatOfficeTime } from "../../lib/office/office-time"
import { useOfficeLink, type OfficeCall } from "../../lib/office/use-office-link"
import { AcknowledgeAll } from "./acknowledge-all"
import { contactRows, PrefersNote } from "./lead-contact"
import { OfficeDetails } from "./office-details"
import { ActionMessage, OfficeLinkPage, PRIMARY_BUTTON_CLASS, StateMessage } from "./office-link-page"
import { OutcomeForm } from "./outcome-form"
import type { OfficePageProps } from "./types"
import { WhoField, suggestedName } from "./who-field"

/** The function behind the "I'm on it" link. */
export const ACKNOWLEDGE_FUNCTION = "acknowledge-lead"

/** The waits before each new look at a CRM copy still on its way, so the page says once it arrived (or did not). */
export const CRM_RECHECK_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 16_000]

/**
 * Where the CRM's copy of the outcome is: the answer's word, and while it is "queued", a fresh look (a preview,
 * which changes nothing) after each wait, until the outbox has sent it, given up or found no CRM.
 */
function useCrmState(
  answer: AcknowledgeAnswer | null,
  peek: () => Promise<AnyAcknowledgeAnswer | null>,
  waits: readonly number[],
): CrmState | null {
  const [later, setLater] = useState<{ answer: AcknowledgeAnswer; crm: CrmState } | null>(null)
  useEffect(() => {
    if (answer?.crm !== "queued") return undefined
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const look = (attempt: number) => {
      const wait = waits[attempt]
      if (wait === undefined) return
      timer = setTimeout(() => {
        void peek().then((fresh) => {
          if (stopped) return
          const crm = fresh?.kind === "lead" ? fresh.crm : null
          if (crm && crm !== "queued") setLater({ answer, crm })
          else look(attempt + 1)
        })
      }, wait)
    }
    look(0)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [answer, peek, waits])
  return later && later.answer === answer ? later.crm : (answer?.crm ?? null)
}

/**
 * /office/acknowledge/#t=…: shows the lead, with its phone and e-mail to tap at once, and on a tap records who
 * is calling it (escalation stops), by name from the on-call list; then what came of it, changeable from the
 * same link. A summary's "I'm on all N" link opens the same page, which then lists its leads
 * (acknowledge-all.tsx).
 */
export function AcknowledgePage({
  call,
  crmRecheckMs = CRM_RECHECK_MS,
  ...props
}: OfficePageProps & { call?: OfficeCall; crmRecheckMs?: readonly number[] }) {
  const { view, confirm, retry, peek } = useOfficeLink(ACKNOWLEDGE_FUNCTION, parseAnyAcknowledgeAnswer, call)
  const { texts, timeZone } = props
  const { labels } = texts
  // Who takes it, chosen before the tap when the link went to a shared inbox ("" until the answer names the list).
  const [who, setWho] = useState("")
  const leadAnswer = view.step === "answered" && view.answer.kind === "lead" ? view.answer : null
  const crm = useCrmState(leadAnswer, peek, crmRecheckMs)

  const answered = (answer: AnyAcknowledgeAnswer, busy: boolean) => {
    if (answer.kind === "batch")
      return (
        <AcknowledgeAll answer={answer} busy={busy} onConfirm={() => confirm()} texts={texts} timeZone={timeZone} />
      )
    const { lead } = answer
    const by = who || suggestedName(answer.names, answer.to)
    const taker = answer.acknowledgedBy ?? answer.to
    // The shared inbox is a place, not a person: "You're on it", "taken from the Office inbox".
    const shared = answer.shared.includes(taker)
    const words = shared
      ? {
          ...texts.acknowledge,
          doneHeading: texts.acknowledge.doneHeadingShared,
          doneText: texts.acknowledge.doneTextShared,
        }
      : texts.acknowledge
    const values = { name: lead.name, to: taker, kind: lead.kind }
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
          ...contactRows(lead, texts),
          [labels.received, formatOfficeTime(lead.receivedAt, timeZone)],
          [labels.reference, lead.reference],
          [labels.sentTo, answer.to],
          [shared ? labels.takenFrom : labels.acknowledgedBy, taken ? (answer.acknowledgedBy ?? words.someone) : null],
          [labels.acknowledgedAt, answer.acknowledgedAt && formatOfficeTime(answer.acknowledgedAt, timeZone)],
          [labels.outcome, answer.outcome?.label ?? null],
          [labels.outcomeNote, answer.outcome?.note ?? null],
        ]}
      />
    )
    const prefers = <PrefersNote lead={lead} />
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
        crm={crm}
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
          {prefers}
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
        notice={prefers}
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
