/**
 * One form's Turnstile widget: nothing until the first focus inside the form, then Cloudflare's
 * script and this file's texts load and the widget renders into the form's container (when the form
 * shows it: the wizard's last step). The form takes the token at submit; the widget is reset after
 * every send, because a token is single-use. With no site key it is off and nothing loads.
 */
import { useCallback, useEffect, useRef, useState } from "react"
import { backendConfig } from "../backend-config"
import { useLanguage } from "../i18n/language"
import { useLeadTexts } from "../leads/lead-texts"
import { loadTurnstile } from "./load-turnstile"
import { turnstileAction, type TurnstileApi } from "./turnstile-api"
import type { TurnstileTexts } from "./turnstile-texts"

/** What useLeadForm needs of the widget. */
export interface TurnstileGate {
  /** The first focus inside the form. */
  start: () => void
  /**
   * At submit: the token; null when the widget is on but has none (the message is shown); undefined when
   * off. A widget still at work (loading, or checking) is given a moment to answer before that.
   */
  take: () => Promise<string | null | undefined>
  /** After a send: a fresh widget, and the server's message when it refused the token. */
  sent: (fields: Readonly<Record<string, string>>) => void
}

/** A problem to show next to the widget: one of the data's messages, or the server's own words. */
type Problem = { text: keyof TurnstileTexts } | { server: string }

export interface TurnstileState extends TurnstileGate {
  enabled: boolean
  /** The container's ref callback: the widget renders once the container is in the page. */
  setContainer: (element: HTMLDivElement | null) => void
  texts: TurnstileTexts | null
  message: string | null
}

/** How long a submit waits for a widget still at work: a managed check usually answers within a second or two. */
export const TOKEN_WAIT_MS = 5_000

export function useTurnstile(
  form: string,
  siteKey: string = backendConfig.turnstileSiteKey,
  tokenWaitMs: number = TOKEN_WAIT_MS,
): TurnstileState {
  const enabled = siteKey !== ""
  const [started, setStarted] = useState(false)
  const [englishTexts, setEnglishTexts] = useState<TurnstileTexts | null>(null)
  const [container, setContainer] = useState<HTMLDivElement | null>(null)
  const [problem, setProblem] = useState<Problem | null>(null)
  const language = useLanguage()
  const token = useRef<string | null>(null)
  const widget = useRef<{ api: TurnstileApi; id: string } | null>(null)
  /** Submits waiting for the widget's answer; a token, or null on an error, settles them. */
  const waiting = useRef<Array<(token: string | null) => void>>([])
  const settle = (value: string | null) => {
    for (const resolve of waiting.current.splice(0)) resolve(value)
  }

  const start = useCallback(() => {
    if (enabled) setStarted(true)
  }, [enabled])

  // The page's words, in its language (LeadTexts); English, loaded once started, for a form outside any page.
  const pageTexts = useLeadTexts()?.turnstile
  const texts = started ? (pageTexts ?? englishTexts) : null
  useEffect(() => {
    if (!started || pageTexts) return
    let cancelled = false
    void import("./turnstile-texts").then((module) => {
      if (!cancelled) setEnglishTexts(module.TURNSTILE_TEXTS)
    })
    return () => {
      cancelled = true
    }
  }, [started, pageTexts])

  useEffect(() => {
    if (!started || !container) return
    let cancelled = false
    let rendered: { api: TurnstileApi; id: string } | null = null
    loadTurnstile().then(
      (api) => {
        if (cancelled) return
        const id = api.render(container, {
          sitekey: siteKey,
          action: turnstileAction(form),
          language,
          callback: (value) => {
            token.current = value
            settle(value)
            // "No token yet" is answered; a refusal from the server stays until the next send.
            setProblem((shown) => (shown && "server" in shown ? shown : null))
          },
          // A token lives 300 s: an expired one is useless, and the widget fetches a new one after a reset.
          "expired-callback": () => {
            token.current = null
            api.reset(id ?? undefined)
          },
          "error-callback": () => {
            token.current = null
            settle(null)
          },
        })
        if (typeof id === "string") rendered = widget.current = { api, id }
      },
      () => {
        settle(null)
        if (!cancelled) setProblem({ text: "notLoaded" })
      },
    )
    return () => {
      cancelled = true
      token.current = null
      if (rendered) rendered.api.remove(rendered.id)
      widget.current = null
    }
  }, [started, container, siteKey, form, language])

  const take = useCallback(async () => {
    if (!enabled) return undefined
    const now = token.current ?? widget.current?.api.getResponse(widget.current.id) ?? null
    const current =
      now ||
      (await new Promise<string | null>((resolve) => {
        const done = (value: string | null) => {
          clearTimeout(timer)
          resolve(value)
        }
        const timer = setTimeout(() => {
          waiting.current = waiting.current.filter((waiter) => waiter !== done)
          resolve(null)
        }, tokenWaitMs)
        waiting.current.push(done)
      }))
    if (!current) setProblem({ text: "missing" })
    return current || null
  }, [enabled, tokenWaitMs])

  const sent = useCallback((fields: Readonly<Record<string, string>>) => {
    token.current = null
    if (widget.current) widget.current.api.reset(widget.current.id)
    const refusal = fields.turnstileToken
    setProblem(refusal ? { server: refusal } : null)
  }, [])

  const message = problem === null ? null : "server" in problem ? problem.server : (texts?.[problem.text] ?? null)
  return { enabled, start, take, sent, setContainer, texts, message }
}
