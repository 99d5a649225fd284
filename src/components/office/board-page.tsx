import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import {
  parseBoardAnswer,
  type BoardAnswer,
  type BoardPeriod,
  type BoardRequest,
} from "../../lib/office/office-answers"
import { formatOfficeTime } from "../../lib/office/office-time"
import { useOfficeLink, type OfficeCall } from "../../lib/office/use-office-link"
import { OfficeLinkPage } from "./office-link-page"
import type { OfficeLinkTexts, OfficePageProps } from "./types"

/** The function behind the board's link. */
export const BOARD_FUNCTION = "office-board"

type BoardTexts = OfficeLinkTexts["board"]

/** A request's state in words: new, taken by whom (or from the shared inbox), or what came of it. */
const stateText = (r: BoardRequest, texts: BoardTexts, shared: readonly string[]) =>
  r.state === "done"
    ? fill(texts.states.done, { outcome: r.outcome ?? "", by: r.outcomeBy ?? "" })
    : r.state === "taken"
      ? fill(r.takenBy !== null && shared.includes(r.takenBy) ? texts.states.takenShared : texts.states.taken, {
          by: r.takenBy ?? "",
        })
      : texts.states.new

const STATE_CLASS: Readonly<Record<BoardRequest["state"], string>> = {
  new: "bg-amber-100 text-amber-900",
  taken: "bg-sky-100 text-sky-900",
  done: "bg-emerald-100 text-emerald-900",
}

function Period({
  heading,
  period,
  texts,
  timeZone,
  shared,
}: {
  heading: string
  period: BoardPeriod
  texts: BoardTexts
  timeZone: string
  shared: readonly string[]
}) {
  const { counts, requests } = period
  const numbers = { total: counts.total, new: counts.new, taken: counts.taken, done: counts.done }
  return (
    <section className="mt-6" aria-label={heading}>
      <h2 className="text-xl font-bold text-brand-900">{heading}</h2>
      <p className="mt-1 text-sm text-slate-700">
        {fill(texts.countsLabel, Object.fromEntries(Object.entries(numbers).map(([k, v]) => [k, String(v)])))}
        {counts.medianMinutesToTake !== null &&
          ` · ${fill(texts.medianLabel, { minutes: String(counts.medianMinutesToTake) })}`}
        {counts.missed > 0 && ` · ${fill(texts.missedLabel, { count: String(counts.missed) })}`}
      </p>
      {requests.length === 0 ? (
        <p className="mt-3 text-slate-600">{texts.empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {requests.map((r) => (
            <li key={`${r.reference}:${r.receivedAt}`} className="px-4 py-3 break-words">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                {/* The name opens the request: call, text, take it, record what came of it. */}
                {r.link ? (
                  <a href={r.link} className="font-semibold text-brand-800 underline">
                    {r.name}
                  </a>
                ) : (
                  <span className="font-semibold text-slate-900">{r.name}</span>
                )}
                <span className={`rounded px-2 py-0.5 text-sm font-medium ${STATE_CLASS[r.state]}`}>
                  {stateText(r, texts, shared)}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-600">
                {[
                  r.kind,
                  formatOfficeTime(r.receivedAt, timeZone),
                  r.reference,
                  r.minutesToTake !== null && fill(texts.minutesLabel, { minutes: String(r.minutesToTake) }),
                  r.missed && texts.missed,
                  r.prefers,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              {r.details && <p className="mt-1 text-sm text-slate-600">{r.details}</p>}
            </li>
          ))}
        </ul>
      )}
      {counts.total > requests.length && (
        <p className="mt-2 text-sm text-slate-600">{fill(texts.moreLabel, { shown: String(requests.length) })}</p>
      )}
    </section>
  )
}

/**
 * /office/board/#t=…: the day's and the week's requests, read with the token; the page changes nothing, and each
 * entry opens its request's own "I'm on it" page (a link the functions signed for the reader).
 */
export function BoardPage({ call, ...props }: OfficePageProps & { call?: OfficeCall }) {
  const { view, retry } = useOfficeLink(BOARD_FUNCTION, parseBoardAnswer, call)
  const { texts, timeZone } = props
  const answered = (answer: BoardAnswer) => (
    <>
      <Period
        heading={texts.board.todayHeading}
        period={answer.today}
        texts={texts.board}
        timeZone={timeZone}
        shared={answer.shared}
      />
      <Period
        heading={texts.board.weekHeading}
        period={answer.week}
        texts={texts.board}
        timeZone={timeZone}
        shared={answer.shared}
      />
    </>
  )
  return <OfficeLinkPage {...props} view={view} retry={retry} answered={answered} />
}
