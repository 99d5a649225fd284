import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import type { ToastInput } from "../toast"

/** The texts every lead form has for a lead kept to be re-sent and for a refused one. */
export interface FailureTexts {
  readonly pendingTitle: string
  readonly pendingText: string
  readonly sentTitle: string
  readonly sentText: string
  readonly errorTitle: string
  readonly errorText: string
}

/** The pending and refused notices of a form's texts, their placeholders filled in. */
export const failureNotices = (
  texts: FailureTexts,
  fillIn: (text: string) => string,
): { pending: ToastInput; sent: ToastInput; refused: ToastInput } => ({
  pending: { title: texts.pendingTitle, description: fillIn(texts.pendingText) },
  sent: { title: texts.sentTitle, description: fillIn(texts.sentText) },
  refused: { title: texts.errorTitle, description: fillIn(texts.errorText) },
})

/** Fills a text's {phone} with the number as shown. */
export const withPhone =
  (phone: { display: string }) =>
  (text: string): string =>
    fill(text, { phone: phone.display })
