/**
 * The browser side of every lead form: one submission id per lead, the time spent in the form,
 * tracking (form_start on the first focus, form_submit, generate_lead), sending through the outbox,
 * and the notice for each outcome of the one success rule (lead-outcome.ts). A form brings only
 * its fields, how its values become a lead, and its texts.
 */
import { useEffect, useRef, useState } from "react"
import { trackFormSubmission } from "../lead-tracking"
import { trackAdsConversion, trackEvent, type AdsUserData, type TrackingParams } from "../tracking"
import type { AdsConversion } from "../tracking-attributes"
import type { TurnstileGate } from "../turnstile/use-turnstile"
import type { PublicFunctionName } from "../../../supabase/functions/_shared/kernel/contract.ts"
import type { ShowToast, ToastInput } from "../toast"
import { loadContract } from "./contract-loader"
import {
  FAILED,
  TURNSTILE_FIELD,
  outcomeOf,
  type Answer,
  type LeadOutcome,
  type LeadResult,
  type ShownFields,
} from "./lead-outcome"
import { sendLeadFromBrowser } from "./outbox-runner"
import { OUTBOX_SENT_EVENT, sentDetailOf } from "./outbox-key"
import { consentFor } from "./consent-record"
import { useLeadTexts } from "./lead-texts"
import { useLanguage } from "../i18n/language"
import {
  referenceOf,
  submissionFields,
  type LeadBody,
  type LeadRecord,
  type NoUnknownFields,
  type Submission,
} from "./submission"
import { useFillTimer } from "./use-fill-timer"
import { useSubmissionId } from "./use-submission-id"

/**
 * Sends one request now, or keeps it in the outbox unless it is refused for one of the `shown` fields
 * (lead-outcome.ts); tests pass their own.
 */
export type SendLead = (name: string, body: Record<string, unknown>, shown: ShownFields) => Promise<LeadResult>

/**
 * Posts one request of the current submission (with its id, fill time and honeypot) and judges it; never
 * throws. Typed per function by the contract: a body with a field it does not know fails the type check.
 */
export type PostLead = <N extends PublicFunctionName, B extends LeadBody<N>>(
  name: N,
  body: B & NoUnknownFields<B, LeadBody<N>>,
) => Promise<LeadOutcome>

/** Every lead form has the honeypot field and the optional SMS opt-in (unticked unless the visitor ticks it). */
export interface LeadFormValues {
  website: string
  smsConsent?: boolean
}

/** A form's own fields: what its lead is made of. */
export type LeadFields<V extends LeadFormValues> = Omit<V, "website" | "smsConsent">

/** What a form tells tracking: event parameters (never personal data) and Ads enhanced-conversion user data. */
export interface LeadTracking {
  /** Sent with form_submit and generate_lead. */
  params?: TrackingParams
  /** Sent with generate_lead only. */
  accepted?: TrackingParams
  user?: AdsUserData
  /** What the accepted lead is worth (generate_lead's value, in the currency of data/site.yaml's leadValues). */
  value?: number
}

export interface LeadNotices<A> {
  accepted: (answer: A) => ToastInput
  pending: ToastInput
  /** A lead the form said was saved has since been accepted by a function (2xx) from the outbox. */
  sent: ToastInput
  refused: ToastInput
}

export interface LeadFormConfig<V extends LeadFormValues, L, A> {
  /** The form's name in tracking events. */
  form: string
  /** The lead made of the form's values (honeypot removed); an identical lead keeps its submissionId. */
  lead: (fields: LeadFields<V>) => L
  /** Sends the lead (one request or several) through `post` and judges the whole. */
  send: (lead: L, post: PostLead, submission: Submission) => Promise<LeadOutcome<A>>
  notices: LeadNotices<A>
  /** Shows each outcome's notice: the form's useToast() (components/ui/toast-item.tsx). */
  toast: ShowToast
  tracking?: (lead: L) => LeadTracking
  /** The contract's name of each form field named differently there, to show a refusal's field messages. */
  contractFields?: Readonly<Record<string, string>>
  /**
   * The form's fields that show a message next to them (all its fields unless told): only a refusal
   * naming one of these (or the widget's token) is the visitor's to fix; any other is kept and re-sent.
   */
  shownFields?: readonly string[]
  /** A refusal's messages were placed next to these form fields (the wizard goes to their step). */
  onRefused?: (fields: readonly string[]) => void
  /** The Ads conversion an accepted lead reports (the offer forms). */
  conversion?: AdsConversion
  /** The lead was accepted; `reference` is the one the visitor is shown (WEB…, sent with every call of it). */
  onAccepted?: (answer: A, reference: string) => void
  onPending?: () => void
  call?: SendLead
  /** The form's anti-spam widget (use-turnstile.ts): its token goes in every call of the submission. */
  turnstile?: TurnstileGate
}

/** The parts of Formik's helpers a submission needs. */
export interface LeadFormHelpers {
  resetForm: () => void
  setFieldError: (field: string, message: string | undefined) => void
  setFieldTouched: (field: string, touched?: boolean, shouldValidate?: boolean) => unknown
}

/** The contract's names of the fields a form shows messages next to, with the widget's token when it is on. */
export const shownFieldsOf = (
  formFields: readonly string[],
  contractFields: Readonly<Record<string, string>> = {},
  widget: boolean,
): ShownFields =>
  new Set([...formFields.map((field) => contractFields[field] ?? field), ...(widget ? [TURNSTILE_FIELD] : [])])

/** A refusal's messages placed next to the form's fields (touched, so a field shows its message; not re-checked, which would clear it). */
function showFieldMessages(
  helpers: LeadFormHelpers,
  formFields: readonly string[],
  messages: Readonly<Record<string, string>>,
  contractFields: Readonly<Record<string, string>> = {},
): string[] {
  const shown = formFields.filter((field) => messages[contractFields[field] ?? field] !== undefined)
  for (const field of shown) {
    void helpers.setFieldTouched(field, true, false)
    helpers.setFieldError(field, messages[contractFields[field] ?? field])
  }
  return shown
}

/** The stored campaign touches (loaded with the contract's schema only now), or nothing; never throws. */
async function storedAttribution(now: Date): Promise<LeadRecord["attribution"]> {
  try {
    return (await import("../attribution/attribution-store")).attributionForLead(now)
  } catch {
    return undefined
  }
}

/** A send that threw (nothing sent, nothing kept) is logged, and the form says it failed; the values stay. */
const sendSafely = async (
  call: SendLead,
  form: string,
  name: string,
  body: Record<string, unknown>,
  shown: ShownFields,
) => {
  try {
    return await call(name, body, shown)
  } catch (error) {
    console.error(`[${form}] ${name} failed`, error)
    return null
  }
}

export function useLeadForm<V extends LeadFormValues, L, A = Answer>(config: LeadFormConfig<V, L, A>) {
  const { toast } = config
  const submission = useSubmissionId()
  const fillTimer = useFillTimer()
  const started = useRef(false)
  const [submitting, setSubmitting] = useState(false)
  const texts = useLeadTexts()
  const language = useLanguage()
  const { form, call = sendLeadFromBrowser } = config

  /** form_start, once, on the first focus inside the form. */
  const onFocus = () => {
    config.turnstile?.start()
    if (started.current) return
    started.current = true
    // The forms check their fields with the contract (yup): load it on the first focus, so the first check
    // does not wait and building its schemas is not one more long task while the page loads.
    void loadContract()
    trackEvent("form_start", { form })
  }

  const records = useRef<{ submissionId: string; record: LeadRecord } | null>(null)
  /**
   * Where the lead came from, what it agreed to and the page's language, fixed at its first send: consent is given by
   * pressing the button the sentence stands next to, and every later send of the same submission
   * (the wizard's next calls, a retry) must carry the same values, or the backend takes it for a
   * different lead under the same id.
   */
  const recordFor = async (current: Submission, sms: boolean): Promise<LeadRecord> => {
    if (records.current?.submissionId === current.submissionId) return records.current.record
    const agreedAt = new Date(current.createdAt)
    const record: LeadRecord = {
      attribution: await storedAttribution(agreedAt),
      consent: texts ? consentFor(texts, sms, agreedAt) : undefined,
      language,
    }
    records.current = { submissionId: current.submissionId, record }
    return record
  }

  /** A new lead: a new submissionId and the time in the form counted from now (after success, or starting over). */
  const reset = () => {
    submission.forget()
    fillTimer.reset()
  }

  /** The submission this form said was saved on this device, and how to clear the form once it is sent. */
  const saved = useRef<{ submissionId: string; helpers: LeadFormHelpers } | null>(null)
  const onSent = useRef<(submissionIds: readonly string[]) => void>(() => undefined)
  // The listener below reads this render's notice and toast.
  useEffect(() => {
    onSent.current = (submissionIds) => {
      const waiting = saved.current
      if (!waiting || !submissionIds.includes(waiting.submissionId)) return
      saved.current = null
      // As after an accepted send: the notice, and the form empty for a new lead (a new submissionId).
      toast(config.notices.sent)
      waiting.helpers.resetForm()
      reset()
    }
  })
  useEffect(() => {
    const listener = (event: Event) => {
      const detail = sentDetailOf(event)
      if (detail) onSent.current(detail.submissionIds)
    }
    window.addEventListener(OUTBOX_SENT_EVENT, listener)
    return () => window.removeEventListener(OUTBOX_SENT_EVENT, listener)
  }, [])

  const onSubmit = async ({ website, smsConsent, ...fields }: V, helpers: LeadFormHelpers) => {
    setSubmitting(true)
    try {
      // No token yet: the widget says so, and nothing is sent.
      const turnstileToken = await config.turnstile?.take()
      if (turnstileToken === null) return
      const lead = config.lead(fields)
      const tracking = config.tracking?.(lead) ?? {}
      trackFormSubmission(form, tracking.params ?? {}, tracking.user)
      // The opt-in is part of what is sent: ticking it after a failed send makes a new submission.
      const current = submission.submissionFor({ lead, sms: smsConsent === true })
      const formFillMs = fillTimer.elapsedMs()
      const record = await recordFor(current, smsConsent === true)
      const formFields = config.shownFields ?? Object.keys(fields)
      const shown = shownFieldsOf(formFields, config.contractFields, turnstileToken !== undefined)
      const post: PostLead = async (name, body) => {
        const result = await sendSafely(
          call,
          form,
          name,
          {
            ...body,
            ...submissionFields(current, formFillMs, website, record),
            ...(turnstileToken ? { turnstileToken } : {}),
          },
          shown,
        )
        // A refusal's words in the page's language (its codes), as the form's own check says them.
        const outcome = result ? outcomeOf(result, shown, texts?.fieldErrors ?? null) : FAILED
        if (result && (outcome.status === "refused" || outcome.status === "failed"))
          console.error(`[${form}] ${name} ${outcome.status}`, result)
        return outcome
      }
      const outcome = await config.send(lead, post, current)
      config.turnstile?.sent(outcome.status === "refused" ? outcome.fields : {})
      if (outcome.status === "accepted") {
        saved.current = null
        toast(config.notices.accepted(outcome.answer))
        const worth =
          tracking.value !== undefined && texts ? { value: tracking.value, currency: texts.values.currency } : {}
        trackEvent("generate_lead", { form, ...tracking.params, ...tracking.accepted, ...worth })
        if (config.conversion) trackAdsConversion(config.conversion)
        helpers.resetForm()
        reset()
        config.onAccepted?.(outcome.answer, referenceOf(current))
      } else if (outcome.status === "pending") {
        // Kept on this device and re-sent; the values stay, and sending them again reuses the same id (the kept entry is replaced).
        saved.current = { submissionId: current.submissionId, helpers }
        toast(config.notices.pending)
        config.onPending?.()
      } else if (outcome.status === "refused") {
        toast({ ...config.notices.refused, variant: "destructive" })
        const marked = showFieldMessages(helpers, formFields, outcome.fields, config.contractFields)
        config.onRefused?.(marked)
      } else {
        // Neither sent nor kept: say so; the values stay to send again.
        toast({ ...config.notices.refused, variant: "destructive" })
      }
    } catch (error) {
      console.error(`[${form}] submission failed unexpectedly`, error)
      toast({ ...config.notices.refused, variant: "destructive" })
    } finally {
      setSubmitting(false)
    }
  }

  return { onFocus, onSubmit, submitting, reset, fillTimer }
}
