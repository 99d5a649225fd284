/**
 * Where a lead came from: the first and the last campaign touch the browser kept (SPEC §7's utm values,
 * the ad platforms' click ids, the referring host, the landing path and the time). Written once: the
 * browser cleans what it stores with `cleanTouch`, and the functions validate what they receive with
 * `attributionSchema`, so a value the browser sends is never refused and a forged one always is.
 */
import { object, string, type InferType } from "yup"
import {
  CAMPAIGN_PARAMS,
  CLICK_ID_MAX_LENGTH,
  CLICK_ID_PATTERN,
  LANDING_PATH_MAX_LENGTH,
  LANDING_PATH_PATTERN,
  REFERRER_MAX_LENGTH,
  REFERRER_PATTERN,
  UNPRINTABLE,
  UTM_MAX_LENGTH,
  isIsoInstant,
  isUtm,
  type CampaignParam,
} from "./attribution-values.ts"

export * from "./attribution-values.ts"

const utmValue = () =>
  string()
    .strict()
    .max(UTM_MAX_LENGTH, `Must be at most ${UTM_MAX_LENGTH} characters`)
    .test("printable", "Must not contain control characters", (value) => !value || !UNPRINTABLE.test(value))
const clickId = () =>
  string()
    .strict()
    .max(CLICK_ID_MAX_LENGTH, `Must be at most ${CLICK_ID_MAX_LENGTH} characters`)
    .matches(CLICK_ID_PATTERN, "Must be letters, digits, -, _, . or ~")

const campaignShape = Object.fromEntries(
  CAMPAIGN_PARAMS.map((param) => [param, isUtm(param) ? utmValue() : clickId()]),
) as Record<CampaignParam, ReturnType<typeof utmValue>>

/** One touch: how a visit arrived. Every field is optional; unknown fields are refused. */
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
  at: string()
    .strict()
    .required("The time of the visit is required")
    .test("iso-time", "Must be a UTC time like 2026-11-23T10:00:00.000Z", isIsoInstant),
})
  .exact("Unknown field(s): ${properties}")
  .default(undefined)
  .optional()

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
