/**
 * The forms' response promises (data/response-promises.yaml) as the placeholders every text of data/ may
 * use: {contactPromise}, {estimatePromise}, {bookingPromise}, {callbackPromise}. The build fills them (kernel
 * escape.ts' fillTexts) in the site's GraphQL texts (schema.ts) and in the functions' copy of the data
 * (backend-data.ts), so each promise is written once.
 */
import type { ResponsePromises } from "./data-schemas/response-promises"
import { PROMISED_FORMS as FORMS, PROMISE_PLACEHOLDERS, promisePlaceholder } from "./data-schemas/promise-placeholders"

export { promisePlaceholder }

/** Each placeholder's name and the text it stands for. */
export const promiseValues = (promises: ResponsePromises): Record<string, string> =>
  Object.fromEntries(FORMS.map((form) => [promisePlaceholder(form), promises[form].text]))

/** The placeholders of a ResponsePromisesYaml node as GraphQL hands it over (unchecked: null when one is missing). */
export function promiseValuesOf(node: unknown): Record<string, string> | null {
  if (typeof node !== "object" || node === null) return null
  const values: Record<string, string> = {}
  for (const form of FORMS) {
    const entry: unknown = Reflect.get(node, form)
    if (typeof entry !== "object" || entry === null || !("text" in entry) || typeof entry.text !== "string") return null
    values[promisePlaceholder(form)] = entry.text
  }
  return values
}

/** The placeholders a text uses that look like a promise's ({…Promise}) but name none: a typo the build reports. */
export const unknownPromises = (value: string): string[] =>
  [...value.matchAll(/\{(\w+Promise)\}/g)]
    .map((match) => match[1] ?? "")
    .filter((name) => !PROMISE_PLACEHOLDERS.includes(name))
