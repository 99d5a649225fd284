/**
 * Where a lead came from: the first and the last campaign touch the browser kept (SPEC §7's utm values,
 * the ad platforms' click ids, the referring host, the landing path and the time). Written once: the
 * browser cleans what it stores with `cleanTouch`, and the functions validate what they receive with
 * `attributionSchema`, so a value the browser sends is never refused and a forged one always is.
 */
import { object, string, type InferType } from "yup"

/** The campaign parameters kept from a landing URL, in the order they are shown to the office. */
export const CAMPAIGN_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "gclid",
  "gbraid",
  "wbraid",
  "fbclid",
  "msclkid",
] as const
export type CampaignParam = (typeof CAMPAIGN_PARAMS)[number]

/** utm values are free text a marketer typed (spaces, accents, punctuation); they are cut to this length. */
export const UTM_MAX_LENGTH = 200
/** Click ids are opaque tokens: letters, digits and - _ . ~ only (gclid and fbclid fit in far less). */
export const CLICK_ID_MAX_LENGTH = 500
export const CLICK_ID_PATTERN = /^[A-Za-z0-9._~-]*$/
export const REFERRER_MAX_LENGTH = 253
/** A host name only: the path and query of the referring page are not kept (they may carry personal data). */
export const REFERRER_PATTERN = /^[a-z0-9.-]*$/
export const LANDING_PATH_MAX_LENGTH = 500
/** A path on this site, without the query (the campaign values are kept separately) or the fragment. */
export const LANDING_PATH_PATTERN = /^\/[^\s?#]*$/

/** Control and format characters (newlines, bidi overrides, zero-width) have no place in a campaign value. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u
const UNPRINTABLE_ALL = new RegExp(UNPRINTABLE.source, "gu")

const isUtm = (param: CampaignParam) => param.startsWith("utm_")

// Strict: a number or a list sent for a text value is refused, not turned into text.
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

/** An ISO 8601 UTC instant as Date#toISOString writes it, and a real one (no 2026-02-30). */
export function isIsoInstant(value: string | undefined): boolean {
  if (value === undefined) return true
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(value)) return false
  const time = Date.parse(value)
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 19) === value.slice(0, 19)
}

/** A utm value as the contract takes it: unprintable characters dropped, spaces collapsed, cut to length. */
export const cleanUtm = (value: string) =>
  value.replace(UNPRINTABLE_ALL, "").replace(/\s+/g, " ").trim().slice(0, UTM_MAX_LENGTH).trim()

/** A click id as the contract takes it, or nothing: an id that is not a plain token is not an ad platform's. */
export const cleanClickId = (value: string) => {
  const id = value.trim()
  return id.length <= CLICK_ID_MAX_LENGTH && CLICK_ID_PATTERN.test(id) ? id : ""
}

/** The host of a referring URL, lower-case, or nothing. */
export const cleanReferrer = (host: string) => {
  const clean = host.trim().toLowerCase().replace(/\.$/, "")
  return clean.length <= REFERRER_MAX_LENGTH && REFERRER_PATTERN.test(clean) ? clean : ""
}

/** A landing path as the contract takes it (location.pathname is already percent-encoded): cut to length, always valid. */
export const cleanLandingPath = (path: string) => {
  const bare = (path.replace(UNPRINTABLE_ALL, "").split(/[?#]/, 1)[0] ?? "").replace(/\s/g, "%20")
  const rooted = bare.startsWith("/") ? bare : `/${bare}`
  // Cutting inside a %XX escape would leave it broken; cut before it.
  const cut = rooted.slice(0, LANDING_PATH_MAX_LENGTH).replace(/%[0-9A-F]?$/i, "")
  return LANDING_PATH_PATTERN.test(cut) ? cut : "/"
}

/** A campaign parameter's value as the contract takes it. */
export const cleanCampaignValue = (param: CampaignParam, value: string) =>
  isUtm(param) ? cleanUtm(value) : cleanClickId(value)
