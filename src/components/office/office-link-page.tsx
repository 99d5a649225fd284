import type { ReactNode } from "react"
import type { LinkView } from "../../lib/office/use-office-link"
import { OfficeFrame } from "./office-frame"
import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import type { HeadingAndText, OfficeActionTexts, OfficeLinkTexts, OfficePageProps } from "./types"

export const STATE_HEADING_ID = "office-link-state"

const BUTTON_CLASS =
  "mt-6 inline-flex min-h-12 w-full items-center justify-center rounded-lg px-5 py-3 text-lg font-semibold disabled:opacity-60"
/** The page's one main action (confirm, retry): full width, easy to reach with a thumb. */
export const PRIMARY_BUTTON_CLASS = `${BUTTON_CLASS} bg-accent-600 text-white hover:bg-accent-700`
/** A second action beside the main one (release a held window): outlined, so the main one stays the obvious tap. */
export const SECONDARY_BUTTON_CLASS = `${BUTTON_CLASS} border-2 border-brand-800 bg-white text-brand-900 hover:bg-slate-100`

/** A state's heading and text, the heading named for the live region that announces it. */
export function StateMessage({ heading, text, children }: HeadingAndText & { children?: ReactNode }) {
  return (
    <>
      <h2 id={STATE_HEADING_ID} className="text-2xl font-bold text-brand-900">
        {heading}
      </h2>
      <p className="mt-2 text-slate-700">{text}</p>
      {children}
    </>
  )
}

/** The states every link has: checking, incomplete, refused, not reached (with a retry). */
function LinkState<A>({
  view,
  texts,
  retry,
  answered,
}: {
  view: LinkView<A>
  texts: OfficeLinkTexts
  retry: () => void
  answered: (answer: A, busy: boolean) => ReactNode
}) {
  switch (view.step) {
    case "checking":
      return <p className="text-slate-700">{texts.checking}</p>
    case "incomplete":
      return <StateMessage {...texts.incomplete} />
    case "refused":
      return (
        <StateMessage
          {...(view.reason === "invalid" ? texts.invalid : view.reason === "expired" ? texts.expired : texts.notFound)}
        />
      )
    case "failed":
      return (
        <StateMessage {...texts.failed}>
          <button type="button" className={PRIMARY_BUTTON_CLASS} disabled={view.busy} onClick={retry}>
            {texts.retryLabel}
          </button>
        </StateMessage>
      )
    case "answered":
      return answered(view.answer, view.busy)
  }
}

/** An office link page: the frame, what the page is for, and the link's current state, announced as it changes. */
/**
 * A link's answer as the reader sees it: before the tap, the action's button; after it (or when someone
 * acted before), done or already done. `extra` goes above the details once acted on (the call button).
 */
export function ActionMessage({
  words,
  values,
  stage,
  busy,
  onConfirm,
  extra,
  details,
  controls,
  notice,
  beside,
}: {
  words: OfficeActionTexts
  values: Readonly<Record<string, string>>
  stage: "ready" | "done" | "already"
  busy: boolean
  onConfirm: () => void
  extra?: ReactNode
  details: ReactNode
  /** Fields the tap sends with it, above the button (who takes it). */
  controls?: ReactNode
  /** What the reader must know first, in every stage, right under the text ("Prefers Spanish"). */
  notice?: ReactNode
  /** Another action, right after the button (release a held window). */
  beside?: ReactNode
}) {
  if (stage === "ready")
    return (
      <StateMessage heading={fill(words.readyHeading, values)} text={fill(words.readyText, values)}>
        {notice}
        {controls}
        <button type="button" className={PRIMARY_BUTTON_CLASS} disabled={busy} onClick={onConfirm}>
          {busy ? words.confirmingLabel : words.confirmLabel}
        </button>
        {beside}
        {details}
      </StateMessage>
    )
  const done = stage === "done"
  return (
    <StateMessage
      heading={fill(done ? words.doneHeading : words.alreadyHeading, values)}
      text={fill(done ? words.doneText : words.alreadyText, values)}
    >
      {notice}
      {extra}
      {details}
    </StateMessage>
  )
}

export function OfficeLinkPage<A>({
  heading,
  intro,
  texts,
  companyName,
  phone,
  view,
  retry,
  answered,
}: Omit<OfficePageProps, "timeZone"> & {
  view: LinkView<A>
  retry: () => void
  answered: (answer: A, busy: boolean) => ReactNode
}) {
  return (
    <OfficeFrame companyName={companyName} phone={phone}>
      <h1 className="text-sm font-semibold uppercase tracking-wide text-brand-700">{heading}</h1>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <section className="mt-4" aria-live="polite" aria-busy={view.step === "checking"}>
        <LinkState view={view} texts={texts} retry={retry} answered={answered} />
      </section>
    </OfficeFrame>
  )
}
