/**
 * The placeholders of the forms' response promises (data/response-promises.yaml), which the build fills in
 * every text of data/ (gatsby/promise-texts.ts): any text may use them, whatever other placeholders it has.
 */
export const PROMISED_FORMS = ["contact", "estimate", "booking", "callback"] as const

export type PromisedFormName = (typeof PROMISED_FORMS)[number]

export const promisePlaceholder = (form: PromisedFormName) => `${form}Promise`

export const PROMISE_PLACEHOLDERS: readonly string[] = PROMISED_FORMS.map(promisePlaceholder)
