import { fill } from "../../../supabase/functions/_shared/mail/escape.ts"
import { parseAcknowledgeAnswer, type AcknowledgeAnswer } from "../../lib/office/office-answers"
import { formatOfficeTime } from "../../lib/office/office-time"
import { useOfficeLink, type OfficeCall } from "../../lib/office/use-office-link"
import { OfficeDetails } from "./office-details"
import { OfficeLinkPage, PRIMARY_BUTTON_CLASS, StateMessage } from "./office-link-page"
import type { OfficePageProps } from "./types"

/** The function behind the "I'm on it" link. */
export const ACKNOWLEDGE_FUNCTION = "acknowledge-lead"

/** /office/acknowledge/#t=…: shows the lead, and on a tap records that the reader is calling it (escalation stops). */
export function AcknowledgePage({ call, ...props }: OfficePageProps & { call?: OfficeCall }) {
  const { view, confirm, retry } = useOfficeLink(ACKNOWLEDGE_FUNCTION, parseAcknowledgeAnswer, call)
  const { texts, timeZone } = props
  const words = texts.acknowledge
  const { labels } = texts

  const answered = (answer: AcknowledgeAnswer, busy: boolean) => {
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
    if (answer.state === "ready")
      return (
        <StateMessage heading={fill(words.readyHeading, values)} text={fill(words.readyText, values)}>
          <button type="button" className={PRIMARY_BUTTON_CLASS} disabled={busy} onClick={confirm}>
            {busy ? words.confirmingLabel : words.confirmLabel}
          </button>
          {details}
        </StateMessage>
      )
    const done = answer.state === "acknowledged"
    return (
      <StateMessage
        heading={fill(done ? words.doneHeading : words.alreadyHeading, values)}
        text={fill(done ? words.doneText : words.alreadyText, values)}
      >
        {theirs && (
          <a href={lead.tel} className={PRIMARY_BUTTON_CLASS}>
            {fill(words.callLabel, values)}
          </a>
        )}
        {details}
      </StateMessage>
    )
  }

  return <OfficeLinkPage {...props} view={view} retry={retry} answered={answered} />
}
