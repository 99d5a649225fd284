import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { parseConfirmAnswer, type ConfirmAnswer } from "../../lib/office/office-answers"
import { formatOfficeTime } from "../../lib/office/office-time"
import { useOfficeLink, type OfficeCall } from "../../lib/office/use-office-link"
import { contactRows, PrefersNote } from "./lead-contact"
import { OfficeDetails } from "./office-details"
import { useState } from "react"
import {
  ActionMessage,
  OfficeLinkPage,
  PRIMARY_BUTTON_CLASS,
  SECONDARY_BUTTON_CLASS,
  StateMessage,
} from "./office-link-page"
import type { OfficePageProps } from "./types"

/** The function behind the notice's "Confirm <window>" links. */
export const CONFIRM_FUNCTION = "confirm-window"

const STAGES = { ready: "ready", confirmed: "done", already_confirmed: "already" } as const

/**
 * /office/confirm/#t=…: shows the request and the arrival window; a tap books it (the customer is written
 * to, the lead marked booked). A window taken meanwhile offers the customer's other free windows, each a
 * link of its own, and the customer's number to agree another time. A window held for a $49 booking can
 * also be released: given back to other visitors, the customer told.
 */
export function ConfirmPage({ call, ...props }: OfficePageProps & { call?: OfficeCall }) {
  const { view, confirm, retry } = useOfficeLink(CONFIRM_FUNCTION, parseConfirmAnswer, call)
  const { texts, timeZone } = props
  const words = texts.confirm
  const { labels } = texts
  // Which tap is under way, so only the pressed button says it is working.
  const [releasing, setReleasing] = useState(false)

  const answered = (answer: ConfirmAnswer, busy: boolean) => {
    const { lead } = answer
    const by = answer.appointment?.by ?? null
    const values = { name: lead.name, window: answer.appointment?.label ?? answer.window.label, by: by ?? "" }
    // Who booked it before: a person by name, the shared inbox as the place it was booked from, else no name at all.
    const alreadyText =
      by === null ? words.alreadyTextNoName : answer.shared.includes(by) ? words.alreadyTextShared : words.alreadyText
    const details = (
      <OfficeDetails
        rows={[
          [words.windowLabel, answer.appointment?.label ?? answer.window.label],
          [labels.name, lead.name],
          [labels.request, lead.request],
          ...contactRows(lead, texts),
          [labels.received, formatOfficeTime(lead.receivedAt, timeZone)],
          [labels.reference, lead.reference],
        ]}
      />
    )
    if (answer.state === "released" || answer.state === "not_held") {
      const released = answer.state === "released"
      return (
        <StateMessage
          heading={fill(released ? words.releasedHeading : words.notHeldHeading, values)}
          text={fill(
            released ? (answer.notified ? words.releasedText : words.releasedUntoldText) : words.notHeldText,
            values,
          )}
        >
          <PrefersNote lead={lead} />
          {details}
        </StateMessage>
      )
    }
    if (answer.state === "full" || answer.state === "unavailable") {
      const full = answer.state === "full"
      return (
        <StateMessage
          heading={full ? words.fullHeading : words.unavailableHeading}
          text={full ? words.fullText : words.unavailableText}
        >
          <h3 className="mt-4 font-semibold text-brand-900">{words.othersHeading}</h3>
          {answer.others.length > 0 ? (
            <ul className="mt-2 space-y-2">
              {answer.others.map((other) => (
                <li key={other.id}>
                  <a className={PRIMARY_BUTTON_CLASS} href={other.link}>
                    {other.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-slate-700">{words.noOthers}</p>
          )}
          {lead.tel && (
            <a className={PRIMARY_BUTTON_CLASS} href={lead.tel}>
              {fill(texts.acknowledge.callLabel, { name: lead.name })}
            </a>
          )}
          {details}
        </StateMessage>
      )
    }
    const release = answer.held && answer.state === "ready" && (
      <button
        type="button"
        className={SECONDARY_BUTTON_CLASS}
        disabled={busy}
        onClick={() => {
          setReleasing(true)
          confirm({ release: true })
        }}
      >
        {busy && releasing ? words.releasingLabel : words.releaseLabel}
      </button>
    )
    return (
      <ActionMessage
        words={{ ...words, alreadyText, confirmingLabel: releasing ? words.confirmLabel : words.confirmingLabel }}
        values={values}
        notice={
          <>
            {answer.held && <p className="mt-2 text-slate-700">{fill(words.heldText, values)}</p>}
            <PrefersNote lead={lead} />
          </>
        }
        stage={STAGES[answer.state]}
        busy={busy}
        onConfirm={() => {
          setReleasing(false)
          confirm()
        }}
        beside={release}
        details={details}
      />
    )
  }

  return <OfficeLinkPage {...props} view={view} retry={retry} answered={answered} />
}
