/**
 * The life of an office link page: read the token from the fragment, preview it (changes nothing,
 * so a link previewer or a second look is harmless), then confirm on a tap, with a retry for calls
 * that did not get through.
 */
import { useCallback, useEffect, useRef, useState } from "react"
import type { CallResult } from "../leads/api"
import { MAX_TOKEN_LENGTH, tokenFromHash } from "./link-token"
import { linkOutcome, type LinkOutcome, type Refusal } from "./office-answers"

/** Calls one function (tests pass their own; the page loads supabase-js on the first call). */
export type OfficeCall = (name: string, body: Record<string, unknown>) => Promise<CallResult>

export type LinkView<A> =
  | { step: "checking" }
  | { step: "incomplete" }
  /** `fields`: the tap's choice refused beside its field (only on a page that asked for such refusals). */
  | { step: "answered"; answer: A; busy: boolean; fields?: Readonly<Record<string, string>> }
  | { step: "refused"; reason: Refusal }
  | { step: "failed"; busy: boolean }

// supabase-js and the call code are fetched on the first call, so they are in no page's first-load JavaScript.
const callLazily: OfficeCall = (name, body) =>
  import("../leads/api").then(({ callFunction }) => callFunction(name, body))

const safely = async (call: OfficeCall, name: string, body: Record<string, unknown>): Promise<CallResult> => {
  try {
    return await call(name, body)
  } catch (error) {
    // A chunk that failed to load, or a fetch that threw: the same as a network failure, and retried.
    return { ok: false, reason: "network", message: error instanceof Error ? error.message : String(error) }
  }
}

export function useOfficeLink<A>(
  functionName: string,
  parse: (data: Readonly<Record<string, unknown>>) => A | null,
  call: OfficeCall = callLazily,
  // A page with a field to fix shows a 422's messages beside it, on the answer it had; the others retry.
  { fieldRefusals = false }: { fieldRefusals?: boolean } = {},
) {
  const [view, setView] = useState<LinkView<A>>({ step: "checking" })
  // Held in refs so a caller passing new functions on each render does not re-open the link (a new preview).
  const callRef = useRef(call)
  const parseRef = useRef(parse)
  useEffect(() => {
    callRef.current = call
    parseRef.current = parse
  })
  // Requests in flight: a second tap while one is under way sends nothing.
  const inFlight = useRef(0)
  const token = useRef<string | null>(null)
  // The last request made, repeated by retry(); `confirm` tells a preview from the tap, `extra` is what the tap sent.
  const lastConfirm = useRef(false)
  const lastExtra = useRef<Readonly<Record<string, string | boolean>>>({})
  // Counts the links this page has opened, so an answer for an earlier link (the hash changed) is dropped.
  const generation = useRef(0)

  const send = useCallback(
    async (confirm: boolean, extra: Readonly<Record<string, string | boolean>> = {}) => {
      const current = token.current
      if (current === null) return
      const mine = generation.current
      lastConfirm.current = confirm
      lastExtra.current = extra
      inFlight.current += 1
      const result = await safely(callRef.current, functionName, { ...extra, token: current, confirm })
      inFlight.current -= 1
      if (mine !== generation.current) return
      const outcome: LinkOutcome<A> = linkOutcome(result, parseRef.current)
      if (outcome.kind === "answer") setView({ step: "answered", answer: outcome.answer, busy: false })
      else if (outcome.kind === "refused") setView({ step: "refused", reason: outcome.reason })
      else if (outcome.kind === "fields" && fieldRefusals)
        setView((current) =>
          current.step === "answered"
            ? { step: "answered", answer: current.answer, busy: false, fields: outcome.fields }
            : { step: "failed", busy: false },
        )
      else setView({ step: "failed", busy: false })
    },
    [functionName, fieldRefusals],
  )

  useEffect(() => {
    const open = () => {
      generation.current += 1
      token.current = tokenFromHash(window.location.hash)
      if (token.current === null) setView({ step: "incomplete" })
      // Longer than any token the functions issue: refused here, without a call.
      else if (token.current.length > MAX_TOKEN_LENGTH) setView({ step: "refused", reason: "invalid" })
      else {
        setView({ step: "checking" })
        void send(false)
      }
    }
    open()
    // A link pasted into the same tab changes only the fragment, which does not reload the page.
    window.addEventListener("hashchange", open)
    return () => window.removeEventListener("hashchange", open)
  }, [send])

  /** The tap: acts on the link, with what the page adds (who takes it, an outcome). */
  const confirm = useCallback(
    (extra?: Readonly<Record<string, string | boolean>>) => {
      if (inFlight.current > 0) return
      setView((current) => (current.step === "answered" ? { ...current, busy: true } : current))
      void send(true, extra)
    },
    [send],
  )

  const retry = useCallback(() => {
    if (inFlight.current > 0) return
    setView({ step: "failed", busy: true })
    void send(lastConfirm.current, lastConfirm.current ? lastExtra.current : {})
  }, [send])

  /**
   * A fresh preview that leaves the page as it is (a later look at one fact of the answer, such as where the
   * CRM's copy is): its answer, or null when it did not come.
   */
  const peek = useCallback(async (): Promise<A | null> => {
    const current = token.current
    if (current === null) return null
    const result = await safely(callRef.current, functionName, { token: current, confirm: false })
    const outcome = linkOutcome(result, parseRef.current)
    return outcome.kind === "answer" ? outcome.answer : null
  }, [functionName])

  return { view, confirm, retry, peek }
}
