/**
 * Where a lead came from: the first and the last campaign touch the browser kept (the utm values,
 * the ad platforms' click ids, the referring host, the landing path and the time). Written once: the
 * browser cleans what it stores with `cleanTouch`, and the functions validate what they receive with
 * `attributionSchema`, so a value the browser sends is never refused and a forged one always is. A campaign
 * parameter the functions' copy does not know yet (a new click id the site already keeps) is kept as sent
 * and flagged for the office (body-flags.ts); a touch's time is any time-shaped text, checked for range
 * where it is stored (client-time.ts).
 */
import { object, string, type InferType } from "yup"
import { CLIENT_TIME_MAX_LENGTH, CLIENT_TIME_PATTERN } from "./client-time.ts"
import {
  CAMPAIGN_PARAMS,
  CLICK_ID_MAX_LENGTH,
  CLICK_ID_PATTERN,
  LANDING_PATH_MAX_LENGTH,
  LANDING_PATH_PATTERN,
  REFERRER_MAX_LENGTH,
  REFERRER_PATTERN,
  UNPRINTABLE,
  MAX_NEW_PARAMS,
  TOUCH_KEYS,
  UTM_MAX_LENGTH,
  isNewParamName,
  isNewParamValue,
  isUtm,
  type CampaignParam,
} from "./attribution-values.ts"

export * from "./attribution-values.ts"

const utmValue = () =>
  string()
    .strict()
    .max(UTM_MAX_LENGTH, `Must be at most ${UTM_MAX_LENGTH} characters`)
    .test("printable", "Must not contain control characters", (value) => !value || !UNPRINTABLE.test(value))
/** A time the browser's clock wrote: any time-shaped text (its range is judged where it is stored, never refused). */
export const clientTime = (required: string) =>
  string()
    .strict()
    .required(required)
    .max(CLIENT_TIME_MAX_LENGTH, `Must be at most ${CLIENT_TIME_MAX_LENGTH} characters`)
    .matches(CLIENT_TIME_PATTERN, "Must be a UTC time like 2026-11-23T10:00:00.000Z")
const clickId = () =>
  string()
    .strict()
    .max(CLICK_ID_MAX_LENGTH, `Must be at most ${CLICK_ID_MAX_LENGTH} characters`)
    .matches(CLICK_ID_PATTERN, "Must be letters, digits, -, _, . or ~")

const campaignShape = Object.fromEntries(
  CAMPAIGN_PARAMS.map((param) => [param, isUtm(param) ? utmValue() : clickId()]),
) as Record<CampaignParam, ReturnType<typeof utmValue>>

/** One touch: how a visit arrived. Every field is optional but the time; a new campaign parameter is kept. */
export const touchSchema = object({
  ...campaignShape,
  referrer: string()
    .strict()
    .max(REFERRER_MAX_LENGTH, `Must be at most ${REFERRER_MAX_LENGTH} characters`)
    .matches(REFERRER_PATTERN, "Must be a host name"),
  landing_path: string()
    .strict()
    .max(LANDING_PATH_MAX_LENGTH, `Must be at most ${LANDING_PATH_MAX_LENGTH} characters`)
    .matches(LANDING_PATH_PATTERN, "Must be a path on this site"),
  at: clientTime("The time of the visit is required"),
})
  // Open to new campaign parameters: validate.ts hands a touch's other keys (at most this many) to this test only.
  .meta({ newKeys: MAX_NEW_PARAMS })
  .test({
    name: "new-params",
    message: "Unknown field",
    skipAbsent: true,
    test: (touch, context) => {
      const added = Object.entries(touch).filter(([key]) => !TOUCH_KEYS.has(key))
      const wrong = added.find(([key, value]) => !isNewParamName(key) || !isNewParamValue(key, value))
      if (added.length > MAX_NEW_PARAMS)
        return context.createError({ message: `At most ${MAX_NEW_PARAMS} other values` })
      return wrong === undefined || context.createError({ path: `${context.path}.${wrong[0]}` })
    },
  })
  .default(undefined)
  .optional()

/** The campaign parameters of a touch that the functions' copy of the contract does not know, as sent. */
export const newParamsOf = (touch: NonNullable<Touch>): Array<[string, string]> =>
  Object.entries(touch).flatMap(([key, value]) =>
    TOUCH_KEYS.has(key) || typeof value !== "string" ? [] : [[key, value] satisfies [string, string]],
  )

/** The first touch (kept for 90 days) and the last one that brought campaign values. */
export const attributionSchema = object({
  first: touchSchema.required("The first touch is required"),
  last: touchSchema.required("The last touch is required"),
})
  .exact("Unknown field(s): ${properties}")
  .default(undefined)
  .optional()

export type Touch = InferType<typeof touchSchema>
export type Attribution = InferType<typeof attributionSchema>
