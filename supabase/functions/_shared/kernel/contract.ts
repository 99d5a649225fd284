/**
 * The request bodies of the four public functions (SPEC §7), written once.
 * The site's Formik forms and the Edge Functions validate with these same
 * schemas; every body also carries a submissionId (the idempotency key) and
 * the spam-check fields.
 *
 * The contract decides shape, size and encoding, and the contact fields a visitor can fix. The lists
 * copied from data/ (pests, plans, property types, additionalPests' values, consent versions) label a
 * lead, they do not refuse it (DESIGN §10): the site and the functions deploy apart, so a value the
 * functions' copy does not know is accepted when it is well shaped, stored as sent and flagged for the
 * office (body-flags.ts). The forms only offer list values, so nothing changes for a visitor.
 */
import { array, boolean, lazy, number, object, string, type InferType } from "yup"
import { UNPRINTABLE, attributionSchema } from "./attribution.ts"
import { consentSchema } from "./consent.ts"
import { EMAIL_MAX_LENGTH, isEmailAddress } from "./email-address.ts"
import { phoneDigits } from "./phone.ts"
import { hasVisibleText } from "./visible-text.ts"

export const MAX_BODY_BYTES = 64 * 1024

/** At most this many pests in a list (data/pests has 13): a longer list is refused before it is walked. */
export const MAX_PESTS = 25
/** A pest is named as data/pests names it: one short line of visible, printable text. */
export const PEST_NAME_MAX_LENGTH = 60
/** Property type and service plan ids are slugs in data/; room to spare, nothing but a plain id. */
export const OPTION_ID_MAX_LENGTH = 64
export const OPTION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/
/** additionalPests is a choice's number (0, 1, 2 today): a small integer. */
export const MAX_OPTION_VALUE = 20

/**
 * A string schema that trims. Yup's own .trim() calls value.trim() on whatever it gets, so an array
 * or object sent for a text field threw a TypeError (a 500) instead of failing validation (a 400).
 */
const trimmed = () => string().transform((value: unknown) => (typeof value === "string" ? value.trim() : value))

/**
 * A number, or text that reads as one (" 1 "), and nothing else: Yup casts a list with parseFloat, so
 * [1, 2] was taken as 1 and a 30,000-item list of zeros as 0.
 */
const numeric = () =>
  number().transform((value: unknown, raw: unknown) =>
    typeof raw === "number" || typeof raw === "string" ? value : Number.NaN,
  )

const requiredText = (label: string, max: number) =>
  trimmed()
    .required(`Please enter ${label}`)
    // Zero-width and other invisible characters survive trimming; "required" means something readable.
    .test(
      "visible",
      `Please enter ${label}`,
      (value: string | undefined) => value === undefined || hasVisibleText(value),
    )
    .max(max, `${label[0]?.toUpperCase()}${label.slice(1)} must be at most ${max} characters`)
const optionalText = (max: number) => trimmed().max(max, `Must be at most ${max} characters`).default("")
const phone = () =>
  trimmed()
    .required("Please enter your phone number")
    .max(30, "Phone number is too long")
    .test("phone-digits", "Please enter a phone number with at least 10 digits", (value: string | undefined) => {
      const digits = phoneDigits(value ?? "")
      return digits.length >= 10 && digits.length <= 15
    })
export const EMAIL_MESSAGE = "Please enter a valid email address"
const emailRule = () =>
  trimmed()
    .max(EMAIL_MAX_LENGTH, "Email address is too long")
    .test("email", EMAIL_MESSAGE, (value) => !value || isEmailAddress(value))
const email = () => emailRule().required("Please enter your email address")
/** A data list's id (property type, service plan): any plain id, known or not. */
const optionId = (required: string) =>
  string()
    .strict()
    .required(required)
    .max(OPTION_ID_MAX_LENGTH, `Must be at most ${OPTION_ID_MAX_LENGTH} characters`)
    .matches(OPTION_ID_PATTERN, "Must be an id of letters, digits, - or _")
const pestName = () =>
  string()
    .strict()
    .required("Please choose at least one pest")
    .max(PEST_NAME_MAX_LENGTH, `Must be at most ${PEST_NAME_MAX_LENGTH} characters`)
    .test("printable", "Must be a pest's name", (value) => !UNPRINTABLE.test(value) && hasVisibleText(value))
const pestList = () =>
  array()
    .of(pestName())
    .required("Please choose at least one pest")
    .min(1, "Please choose at least one pest")
    .max(MAX_PESTS, `Please choose at most ${MAX_PESTS} pests`)
    .test(
      "unique",
      "Each pest may be chosen once",
      (list: string[] | undefined) => !list || new Set(list).size === list.length,
    )
const usZip = () =>
  trimmed()
    .required("Please enter your ZIP code")
    .matches(/^\d{5}(-\d{4})?$/, "Please enter a 5-digit ZIP code")

/**
 * Fields every body carries: the idempotency key, the spam checks (honeypot, time spent in the
 * form, Turnstile token), where the visitor came from (attribution.ts) and what they agreed to
 * (consent.ts). The time is measured in the browser with its monotonic clock and sent as
 * elapsed milliseconds, so no two clocks are ever compared; any number is accepted here and an
 * impossible one (negative, endless) is judged a bot's by the spam check, not refused as invalid.
 */
const submissionFields = {
  submissionId: string().required("submissionId is required").uuid("submissionId must be a UUID"),
  website: string().max(500, "Must be at most 500 characters").default(""),
  formFillMs: numeric().typeError("formFillMs must be a number of milliseconds").required("formFillMs is required"),
  turnstileToken: string().max(4096).optional(),
  // Optional, so a lead kept in a browser before these were sent still lands; a form always sends both.
  attribution: attributionSchema,
  consent: consentSchema,
}

export const contactMessageSchema = object({
  ...submissionFields,
  name: requiredText("your name", 120),
  email: email(),
  phone: phone(),
  message: requiredText("a message", 5000),
}).exact("Unknown field(s): ${properties}")

const estimateFields = {
  propertyType: optionId("Please choose a property type"),
  servicePlan: optionId("Please choose a service plan"),
  pests: pestList(),
  additionalPests: numeric()
    .typeError("additionalPests must be a number")
    .required("additionalPests is required")
    .integer("additionalPests must be a whole number")
    .min(0, "additionalPests must be 0 or more")
    .max(MAX_OPTION_VALUE, `additionalPests must be at most ${MAX_OPTION_VALUE}`),
  sameDayService: boolean().required("sameDayService is required").strict(),
  quickKnock: boolean().required("quickKnock is required").strict(),
  fullName: requiredText("your full name", 120),
  phone: phone(),
  email: email(),
  streetAddress: requiredText("your street address", 200),
  city: requiredText("your city", 100),
  state: trimmed()
    .required("Please enter your state")
    .matches(/^[A-Za-z]{2}$/, "Please enter a 2-letter state code"),
  zipCode: usZip(),
  firstName: requiredText("a first name", 60),
  lastName: trimmed().max(60, "Last name must be at most 60 characters").defined().default(""),
}

/** Wizard call 1 (process-simple-lead). */
export const estimateLeadSchema = object({
  ...submissionFields,
  ...estimateFields,
  source: string().required("source is required").oneOf(["website_estimate"], "source must be website_estimate"),
}).exact("Unknown field(s): ${properties}")

/** Wizard calls 2 (process-estimate) and 3 (send-estimate-confirmation). */
export const estimateRequestSchema = object({
  ...submissionFields,
  ...estimateFields,
  accountId: trimmed()
    .required("accountId is required")
    .matches(/^[A-Za-z0-9_-]{1,64}$/, "accountId must be 1-64 letters, digits, _ or -"),
}).exact("Unknown field(s): ${properties}")

/** The $49 Scarsdale landing page's booking (process-simple-lead). */
export const offerBookingSchema = object({
  ...submissionFields,
  fullName: requiredText("your full name", 120),
  phone: phone(),
  streetAddress: requiredText("the property address", 200),
  city: requiredText("the city", 100),
  zipCode: usZip(),
  email: email(),
  specialOffer: requiredText("the offer", 200),
}).exact("Unknown field(s): ${properties}")

/** The city offer page's "Prefer a Callback?" form (process-simple-lead), in its snake_case shape. */
export const offerCallbackSchema = object({
  ...submissionFields,
  full_name: requiredText("your name", 120),
  phone: phone(),
  email: emailRule().defined().default(""),
  street_address: optionalText(200),
  city: optionalText(100),
  notes: optionalText(2000),
  // The form always sends residential / one-time / [general]; another well-shaped value is stored and flagged.
  property_type: optionId("property_type is required"),
  service_plan: optionId("service_plan is required"),
  pests: pestList(),
  zip_code: trimmed()
    .matches(/^(\d{5}(-\d{4})?)?$/, "Please enter a 5-digit ZIP code")
    .defined()
    .default(""),
  special_offer: requiredText("the offer", 200),
  utm_source: optionalText(200),
  utm_campaign: optionalText(200),
  utm_term: optionalText(200),
}).exact("Unknown field(s): ${properties}")

export type ContactMessage = InferType<typeof contactMessageSchema>
export type EstimateLead = InferType<typeof estimateLeadSchema>
export type EstimateRequest = InferType<typeof estimateRequestSchema>
export type OfferBooking = InferType<typeof offerBookingSchema>
export type OfferCallback = InferType<typeof offerCallbackSchema>
export type SimpleLead = EstimateLead | OfferBooking | OfferCallback

export type SimpleLeadKind = "estimate" | "booking" | "callback"

/** A process-simple-lead body with its kind of lead named: which shape it is, is decided once, where it is validated. */
export type SimpleLeadSubmission =
  | { kind: "estimate"; lead: EstimateLead }
  | { kind: "booking"; lead: OfferBooking }
  | { kind: "callback"; lead: OfferCallback }

const CALLBACK_KEYS = ["full_name", "street_address", "special_offer", "property_type", "service_plan", "zip_code"]
const ESTIMATE_KEYS = ["source", "propertyType", "servicePlan", "pests", "firstName"]

const hasAnyKey = (body: unknown, keys: readonly string[]) =>
  typeof body === "object" && body !== null && keys.some((key) => key in body)

/**
 * Which of process-simple-lead's three shapes (SPEC §7: the wizard's first call, the $49 booking, the
 * offer callback) a received body is meant to be. The bodies carry no kind of their own, so it follows
 * from the fields only that shape has; the body is then validated against that shape alone.
 */
export function simpleLeadKind(body: unknown): SimpleLeadKind {
  if (hasAnyKey(body, CALLBACK_KEYS)) return "callback"
  if (hasAnyKey(body, ESTIMATE_KEYS)) return "estimate"
  return "booking"
}

export const SIMPLE_LEAD_SCHEMAS = {
  estimate: estimateLeadSchema,
  booking: offerBookingSchema,
  callback: offerCallbackSchema,
} as const

export const simpleLeadSchema = lazy((body: unknown) => SIMPLE_LEAD_SCHEMAS[simpleLeadKind(body)])

/** The office's one-tap links (acknowledge-lead, release-spam): the signed token, and whether to act or only look. */
export const officeLinkSchema = object({
  token: string().trim().required("The link is incomplete").max(1_024, "The link is too long"),
  confirm: boolean().strict().required("Say whether to act (confirm)"),
}).exact("Unknown field(s): ${properties}")

/** The public functions and the schema of each one's body. */
export const FUNCTION_SCHEMAS = {
  "process-contact": contactMessageSchema,
  "process-simple-lead": simpleLeadSchema,
  "process-estimate": estimateRequestSchema,
  "send-estimate-confirmation": estimateRequestSchema,
} as const

export type PublicFunctionName = keyof typeof FUNCTION_SCHEMAS

/** Successful answers: `{ success: true, message, reference }` (process-contact adds `error: null`). */
export interface SuccessAnswer {
  success: true
  message: string
  reference: string
  error?: null
}

/** Error answers: `{ success: false, error, fields? }`; `fields` maps each invalid field to its message. */
export interface ErrorAnswer {
  success: false
  error: string
  fields?: Record<string, string>
}
