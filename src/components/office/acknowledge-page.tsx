import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { parseAnyAcknowledgeAnswer, type AnyAcknowledgeAnswer } from "../../lib/office/office-answers"
import { formatOfficeTime } from "../../lib/office/office-time"
import { useOfficeLink, type OfficeCall } from "../../lib/office/use-office-link"
import { AcknowledgeAll } from "./acknowledge-all"
import { OfficeDetails } from "./office-details"
import { ActionMessage, OfficeLinkPage, PRIMARY_BUTTON_CLASS } from "./office-link-page"
import type { OfficePageProps } from "./types"

/** The function behind the "I'm on it" link. */
export const ACKNOWLEDGE_FUNCTION = "acknowledge-lead"

/**
 * /office/acknowledge/#t=…: shows the lead, and on a tap records that the reader is calling it (escalation
 * stops). A summary's "I'm on all N" link opens the same page, which then lists its leads (acknowledge-all.tsx).
 */
export function AcknowledgePage({ call, ...props }: OfficePageProps & { call?: OfficeCall }) {
  const { view, confirm, retry } = useOfficeLink(ACKNOWLEDGE_FUNCTION, parseAnyAcknowledgeAnswer, call)
  const { texts, timeZone } = props
  const words = texts.acknowledge
  const { labels } = texts

  const answered = (answer: AnyAcknowledgeAnswer, busy: boolean) => {
    if (answer.kind === "batch")
      return <AcknowledgeAll answer={answer} busy={busy} onConfirm={confirm} texts={texts} timeZone={timeZone} />
    const { lead } = answer
    const values = { name: lead.name, to: answer.to, kind: lead.kind }
    const taken = answer.state !== "ready"
    // The reader has the lead: just took it, or took it before and opened the link again.
    const theirs = answer.state === "acknowledged" || (taken && answer.acknowledgedBy === answer.to)
    const details = (
      <OfficeDetails
        rows={[
          [labels.name, lead.name],
          [labels.kind, lead.kind],
          [labels.request, lead.request],
          // The number is a link only once the reader has the lead, so nobody calls a customer another is calling.
          [labels.phone, theirs ? <a href={lead.tel}>{lead.phone}</a> : lead.phone],
          [labels.received, formatOfficeTime(lead.receivedAt, timeZone)],
          [labels.reference, lead.reference],
          [labels.sentTo, answer.to],
          [labels.acknowledgedBy, taken ? (answer.acknowledgedBy ?? words.someone) : null],
          [labels.acknowledgedAt, answer.acknowledgedAt && formatOfficeTime(answer.acknowledgedAt, timeZone)],
        ]}
      />
    )
    return (
      <ActionMessage
        words={words}
        values={values}
        stage={answer.state === "ready" ? "ready" : answer.state === "acknowledged" ? "done" : "already"}
        busy={busy}
        onConfirm={confirm}
        extra={
          theirs && (
            <a href={lead.tel} className={PRIMARY_BUTTON_CLASS}>
              {fill(words.callLabel, values)}
            </a>
          )
        }
        details={details}
      />
    )
  }

  return <OfficeLinkPage {...props} view={view} retry={retry} answered={answered} />
}
