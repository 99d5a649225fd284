import { fill } from "../../../supabase/functions/_shared/mail/escape.ts"
import { parseReleaseAnswer, type ReleaseAnswer } from "../../lib/office/office-answers"
import { formatOfficeTime } from "../../lib/office/office-time"
import { useOfficeLink, type OfficeCall } from "../../lib/office/use-office-link"
import { OfficeDetails } from "./office-details"
import { OfficeLinkPage, PRIMARY_BUTTON_CLASS, StateMessage } from "./office-link-page"
import type { OfficePageProps } from "./types"

/** The function behind the digest's "Not spam" link. */
export const RELEASE_FUNCTION = "release-spam"

/** /office/release/#t=…: shows a message filed as spam, and on a tap releases it into the normal lead pipeline. */
export function ReleasePage({ call, ...props }: OfficePageProps & { call?: OfficeCall }) {
  const { view, confirm, retry } = useOfficeLink(RELEASE_FUNCTION, parseReleaseAnswer, call)
  const { texts, timeZone } = props
  const words = texts.release
  const { labels } = texts

  const answered = (answer: ReleaseAnswer, busy: boolean) => {
    const { submission } = answer
    const values = { name: submission.name, kind: submission.kind, reason: submission.reason }
    const details = (
      <OfficeDetails
        rows={[
          [labels.name, submission.name],
          [labels.kind, submission.kind],
          [labels.phone, submission.phone],
          [labels.reason, submission.reason],
          [labels.received, formatOfficeTime(submission.receivedAt, timeZone)],
          [labels.reference, answer.reference],
          [labels.releasedAt, answer.releasedAt && formatOfficeTime(answer.releasedAt, timeZone)],
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
    const done = answer.state === "released"
    return (
      <StateMessage
        heading={fill(done ? words.doneHeading : words.alreadyHeading, values)}
        text={fill(done ? words.doneText : words.alreadyText, values)}
      >
        {details}
      </StateMessage>
    )
  }

  return <OfficeLinkPage {...props} view={view} retry={retry} answered={answered} />
}
