import { parseReleaseAnswer, type ReleaseAnswer } from "../../lib/office/office-answers"
import { formatOfficeTime } from "../../lib/office/office-time"
import { useOfficeLink, type OfficeCall } from "../../lib/office/use-office-link"
import { OfficeDetails } from "./office-details"
import { ActionMessage, OfficeLinkPage } from "./office-link-page"
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
    return (
      <ActionMessage
        words={words}
        values={values}
        stage={answer.state === "ready" ? "ready" : answer.state === "released" ? "done" : "already"}
        busy={busy}
        onConfirm={() => confirm()}
        details={details}
      />
    )
  }

  return <OfficeLinkPage {...props} view={view} retry={retry} answered={answered} />
}
