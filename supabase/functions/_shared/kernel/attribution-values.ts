/**
 * The rules of a campaign touch's values (attribution.ts), without yup: the browser cleans what it keeps
 * with these after every page, and a page without a form should not load a validation library for it.
 */
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
/** Every key a touch has in the functions' copy of the contract. */
export const TOUCH_KEYS: ReadonlySet<string> = new Set([...CAMPAIGN_PARAMS, "referrer", "landing_path", "at"])

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
export const UNPRINTABLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u
const UNPRINTABLE_ALL = new RegExp(UNPRINTABLE.source, "gu")

export const isUtm = (param: CampaignParam) => param.startsWith("utm_")

// Strict: a number or a list sent for a text value is refused, not turned into text.
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
  const clean = host.trim().toLowerCase().replace(/\.+$/, "")
  return clean.length <= REFERRER_MAX_LENGTH && REFERRER_PATTERN.test(clean) ? clean : ""
}

/**
 * A landing path as the contract takes it: cut to length, always valid, and left as it is when cleaned again
 * (a stored touch is checked by cleaning it). location.pathname is percent-encoded except for a bare "%",
 * which browsers keep as typed ("/50%-off"): that one is escaped, so no "%" is left without its two digits.
 */
export const cleanLandingPath = (path: string) => {
  const bare = (path.replace(UNPRINTABLE_ALL, "").split(/[?#]/, 1)[0] ?? "")
    .replace(/\s/g, "%20")
    .replace(/%(?![0-9A-F]{2})/gi, "%25")
  const rooted = bare.startsWith("/") ? bare : `/${bare}`
  // Cutting inside a %XX escape would leave it broken; cut before it.
  const cut = rooted.slice(0, LANDING_PATH_MAX_LENGTH).replace(/%[0-9A-F]?$/i, "")
  return LANDING_PATH_PATTERN.test(cut) ? cut : "/"
}

/** A campaign parameter's value as the contract takes it. */
export const cleanCampaignValue = (param: CampaignParam, value: string) =>
  isUtm(param) ? cleanUtm(value) : cleanClickId(value)

/**
 * A campaign parameter the functions' copy does not know yet (a site deployed with a new click id before
 * the functions): kept when its name is a plain parameter name and its value is what the browser's cleaner
 * would keep (a utm_* value as a utm value, any other as a click id), at most this many per touch.
 */
export const MAX_NEW_PARAMS = 5
export const NEW_PARAM_NAME = /^[a-z][a-z0-9_]{0,39}$/
const NEW_PARAM_MAX_LENGTH = Math.max(UTM_MAX_LENGTH, CLICK_ID_MAX_LENGTH)

/** Whether a touch's key, not one of the known ones, is acceptable as a new campaign parameter's name. */
export const isNewParamName = (key: string): boolean =>
  NEW_PARAM_NAME.test(key) && !(key in Object.prototype) && !TOUCH_KEYS.has(key)

/** Whether a new campaign parameter's value is one a browser's cleaner would have kept as it is. */
export const isNewParamValue = (key: string, value: unknown): boolean =>
  typeof value === "string" &&
  value !== "" &&
  value.length <= NEW_PARAM_MAX_LENGTH &&
  (key.startsWith("utm_") ? cleanUtm(value) : cleanClickId(value)) === value

/** A touch as the browser writes it (the contract's Touch, without yup). */
export type CleanTouch = { [K in CampaignParam | "referrer" | "landing_path"]?: string } & { at: string }

const PARAM_NAMES: readonly string[] = CAMPAIGN_PARAMS
const isCampaignParam = (key: string): key is CampaignParam => PARAM_NAMES.includes(key)

const cleanerOf = (key: string): ((value: string) => string) | null => {
  if (isCampaignParam(key)) return (value) => cleanCampaignValue(key, value)
  if (key === "referrer") return cleanReferrer
  if (key === "landing_path") return cleanLandingPath
  return null
}

/**
 * Whether a touch is one the browser could have written: only known fields, each a non-empty value its
 * cleaner leaves as it is, and a real `at`. What passes this also passes the contract (attribution.ts).
 */
export function isCleanTouch(touch: unknown): touch is CleanTouch {
  if (typeof touch !== "object" || touch === null) return false
  return (
    Object.entries(touch).every(([key, value]) => {
      if (typeof value !== "string") return false
      if (key === "at") return isIsoInstant(value)
      const clean = cleanerOf(key)
      return clean !== null && value !== "" && clean(value) === value
    }) && "at" in touch
  )
}
