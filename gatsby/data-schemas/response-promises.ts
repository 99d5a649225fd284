/** data/response-promises.yaml: how soon each form promises an answer, in words and as a deadline. */
import { boolean, number, type InferType } from "yup"
import { strictObject } from "./fields"
import { smsText } from "./lead-messages"

/** A week: longer than any promise a lead form makes, and short enough to catch a typo in minutes. */
const MAX_PROMISE_MINUTES = 7 * 24 * 60

const promise = () =>
  strictObject({
    // Said in an SMS too (the visitor's confirmation): GSM-7 only.
    text: smsText(),
    minutes: number().required().integer().min(1).max(MAX_PROMISE_MINUTES),
    businessHours: boolean().optional(),
  })

export const responsePromisesSchema = strictObject({
  contact: promise(),
  estimate: promise(),
  booking: promise(),
  callback: promise(),
})

export type ResponsePromises = InferType<typeof responsePromisesSchema>
export type PromisedForm = keyof ResponsePromises
