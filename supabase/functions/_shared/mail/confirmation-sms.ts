/**
 * The visitor's confirmation by SMS, sent only when they ticked the SMS opt-in: who we are, their
 * reference, how soon we answer (the form's promise), in their language, and the STOP and HELP words the opt-in promised,
 * in GSM-7 within two segments (their first name is theirs: transliterated, and shortened if need be).
 */
import { fitSms, templatePieces } from "../alerts/sms-fit.ts"
import { smsVisitorText } from "../alerts/visitor-text.ts"
import { DEFAULT_LANGUAGE, type Language } from "../kernel/languages.ts"
import { COMPANY, CUSTOMER_TEXTS } from "../kernel/site-data.generated.ts"
import type { LeadKind } from "./templates.ts"

/** Two segments: the whole confirmation with a long name, never three. */
const CONFIRMATION_SEGMENTS = 2

export function confirmationSms(
  kind: LeadKind,
  firstName: string,
  reference: string,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const texts = CUSTOMER_TEXTS[language]
  const pieces = templatePieces(texts.messages.customerSms.confirmation, {
    company: { text: COMPANY.name },
    firstName: { text: smsVisitorText(firstName), cut: true },
    reference: { text: reference },
    promise: { text: texts.promises[kind] },
    phone: { text: COMPANY.phone.display },
  })
  return fitSms([pieces], CONFIRMATION_SEGMENTS)
}

/** A $49 booking's SMS: booked for the window held (its label), or, with none held, the price reserved. */
export function bookingSms(
  firstName: string,
  reference: string,
  held: string | null,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const texts = CUSTOMER_TEXTS[language]
  const sms = texts.messages.customerSms
  const pieces = templatePieces(held === null ? sms.bookingCall : sms.booking, {
    company: { text: COMPANY.name },
    firstName: { text: smsVisitorText(firstName), cut: true },
    reference: { text: reference },
    promise: { text: texts.promises.booking },
    phone: { text: COMPANY.phone.display },
    ...(held === null ? {} : { window: { text: held } }),
  })
  return fitSms([pieces], CONFIRMATION_SEGMENTS)
}
