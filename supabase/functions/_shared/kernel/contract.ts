/**
 * The request bodies of the four public functions, written once.
 * The site's Formik forms and the Edge Functions validate with these same
 * schemas; every body also carries a submissionId (the idempotency key) and
 * the spam-check fields.
 *
 * The contract decides shape, size and encoding, and the contact fields a visitor can fix. The lists
 * copied from data/ (pests, plans, property types, additionalPests' values, consent versions) label a
 * lead, they do not refuse it: the site and the functions deploy apart, so a value the
 * functions' copy does not know is accepted when it is well shaped, stored as sent and flagged for the
 * office (body-flags.ts). The forms only offer list values, so nothing changes for a visitor.
 */
import { array, boolean, lazy, number, object, string, type AnyObject, type InferType, type Schema } from "yup"
import { WINDOW_ID } from "./arrival-windows.ts"
import { UNPRINTABLE, attributionSchema } from "./attribution.ts"
import { consentSchema } from "./consent.ts"
import { EMAIL_MAX_LENGTH, isEmailAddress } from "./email-address.ts"
import { fieldErrorTexts, problem, type FieldLabel, type FieldProblem } from "./field-errors.ts"
import { LEAD_MESSAGES } from "./site-data.generated.ts"
import { phoneDigits, splitExtension } from "./phone.ts"
import { MAX_REFERENCE_LENGTH } from "./reference.ts"
import { LEAD_OUTCOMES, MAX_ACTOR_NAME, MAX_OUTCOME_NOTE } from "./outcomes.ts"
import { hasVisibleText } from "./visible-text.ts"
import type { BookingHold } from "./booking-hold.ts"
import { BOOKING_REQUEST, isBookingField } from "./booking-request.ts"
import { CALLBACK_REQUEST, isCallbackField } from "./callback-request.ts"
import { CONTACT_REQUEST, isContactField } from "./contact-request.ts"
import { ESTIMATE_REQUEST, isEstimateField } from "./estimate-request.ts"
import { refusalNameOf, type RequestDeclaration, type RequestField } from "./request-fields.ts"

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

/**
 * What a visitor can fix is refused with a code and its values (field-errors.ts), never words: the functions
 * answer the English words beside the code, and a form says it in its page's language. Refusals no form of
 * ours causes (a missing submissionId, a wrong type) keep their English words, and are answered as `invalid`.
 */
const tooLong = (field: FieldLabel, max: number) => problem("tooLong", { field, max })
const textTooLong = (max: number) => problem("textTooLong", { max })

/** The English words of every code: the functions' `fields`, and a form's when its page gives it none. */
export const ENGLISH_FIELD_ERRORS = fieldErrorTexts(LEAD_MESSAGES)

/** The most characters of `language` (a BCP 47 tag is at most 35 in practice: RFC 5646 §4.4.1). */
export const LANGUAGE_MAX_LENGTH = 35

/**
 * A field the visitor enters in the form: a refusal of it, when the body carries it, is what the form shows beside
 * it and the visitor can fix. Any other field's oddity (and one of these missing altogether: their form may not
 * have it) is not theirs to fix: the functions read the body tolerantly, store it and flag it (validate.ts).
 */
const VISITOR = { visitor: true } as const

const requiredText = (field: FieldLabel, max: number) => {
  const enter = problem("enter", { field })
  return (
    trimmed()
      .meta(VISITOR)
      .required(enter)
      // Zero-width and other invisible characters survive trimming; "required" means something readable.
      .test("visible", enter, (value: string | undefined) => value === undefined || hasVisibleText(value))
      .max(max, tooLong(field, max))
  )
}
const optionalText = (max: number) => trimmed().max(max, textTooLong(max)).default("")
/** A declared optional field the visitor may leave empty or out (no default: the body's type leaves it optional too). */
const optionalLine = (max: number) => trimmed().meta(VISITOR).max(max, textTooLong(max))
const phone = () =>
  trimmed()
    .meta(VISITOR)
    .required(problem("phoneRequired"))
    .max(30, problem("phoneTooLong"))
    // The number's own digits, its extension apart ("914-555-0100 x123"): the functions read it for real (phone-number.ts).
    .test("phone-digits", problem("phoneDigits"), (value: string | undefined) => {
      const digits = phoneDigits(splitExtension(value ?? "").number)
      return digits.length >= 10 && digits.length <= 15
    })
const emailRule = () =>
  trimmed()
    .meta(VISITOR)
    .max(EMAIL_MAX_LENGTH, problem("emailTooLong"))
    .test("email", problem("emailInvalid"), (value) => !value || isEmailAddress(value))
const email = () => emailRule().required(problem("emailRequired"))
/** A data list's id (property type, service plan): any plain id, known or not. */
const optionId = (required: FieldProblem | string) =>
  string()
    .strict()
    .required(required)
    .max(OPTION_ID_MAX_LENGTH, textTooLong(OPTION_ID_MAX_LENGTH))
    .matches(OPTION_ID_PATTERN, "Must be an id of letters, digits, - or _")
const pestName = () =>
  string()
    .strict()
    .required(problem("pestsRequired"))
    .max(PEST_NAME_MAX_LENGTH, textTooLong(PEST_NAME_MAX_LENGTH))
    .test("printable", problem("pestName"), (value) => !UNPRINTABLE.test(value) && hasVisibleText(value))
const pestList = () =>
  array()
    .of(pestName())
    .required(problem("pestsRequired"))
    .min(1, problem("pestsRequired"))
    .max(MAX_PESTS, problem("pestsTooMany", { max: MAX_PESTS }))
    .test(
      "unique",
      problem("pestsRepeated"),
      (list: string[] | undefined) => !list || new Set(list).size === list.length,
    )
/** The most windows a body may name: past data/arrival-windows.yaml's maxChoices they are kept, not confirmed. */
export const MAX_PREFERRED_WINDOWS = 5

/**
 * The arrival windows the visitor picked ("2026-12-01@08:00"), optional: none means "call me to schedule".
 * A window full or past by the time the lead arrives is kept as a wish (appointments/preferences.ts);
 * only what no form of ours sends is refused.
 */
const windowList = () =>
  array()
    .of(string().required().matches(WINDOW_ID, "preferredWindows must be arrival windows such as 2026-12-01@08:00"))
    .max(MAX_PREFERRED_WINDOWS, `preferredWindows must name at most ${MAX_PREFERRED_WINDOWS} windows`)
    .optional()

/** A US state's two letters (either case: the functions store them upper-case). */
const usState = () =>
  trimmed()
    .meta(VISITOR)
    .required(problem("stateRequired"))
    .matches(/^[A-Za-z]{2}$/, { message: problem("stateInvalid") })

// A message object given to matches() must be `{ message }`: Yup takes any other object for its options.
const usZip = () =>
  trimmed()
    .meta(VISITOR)
    .required(problem("zipRequired"))
    .matches(/^\d{5}(-\d{4})?$/, { message: problem("zipInvalid") })

/**
 * Fields every body carries: the idempotency key, the spam checks (honeypot, time spent in the
 * form, Turnstile token), where the visitor came from (attribution.ts) and what they agreed to
 * (consent.ts). The time is measured in the browser with its monotonic clock and sent as
 * elapsed milliseconds, so no two clocks are ever compared; any number is accepted here and an
 * impossible one (negative, endless) is judged a bot's by the spam check, not refused as invalid.
 */
const submissionFields = {
  // A body without a usable one (an older site) is given one made from the body itself (received-shape.ts).
  submissionId: string()
    .required("submissionId is required")
    .uuid("submissionId must be a UUID")
    .meta({ fromBody: true }),
  // The honeypot: what the functions cannot read in it reads as filled (a bot's), never as empty.
  website: string().max(500, textTooLong(500)).default("").meta({ fallback: "(not text)" }),
  // Optional to the functions' reading: a body without a usable one is stored and flagged (http/submit.ts), its
  // Turnstile, honeypot and rate limit still checked. Every form of ours sends it.
  formFillMs: numeric().typeError("formFillMs must be a number of milliseconds").optional(),
  turnstileToken: string().max(4096).optional(),
  // The visitor's reference (reference.ts): a malformed one is replaced by the functions, never refused.
  reference: string().max(MAX_REFERENCE_LENGTH, textTooLong(MAX_REFERENCE_LENGTH)).optional(),
  // Optional, so a lead kept in a browser before these were sent still lands; a form always sends both.
  attribution: attributionSchema,
  consent: consentSchema,
  /**
   * The page's language ("es"): the lead's e-mails, texts and answers are in it. Any code is taken (an unknown one
   * is English, kernel/languages.ts' languageOf); only what is not a short text is refused.
   */
  language: string()
    .strict()
    .typeError("language must be a language code such as es")
    .max(LANGUAGE_MAX_LENGTH, `language must be at most ${LANGUAGE_MAX_LENGTH} characters`)
    .optional(),
}

/**
 * A declared field's rule (kernel/request-fields.ts): every kind of field is a string, an optional one a string
 * the body may leave out (its type says so too, so a form or a test without it still type-checks).
 */
type RequiredRule = Schema<string, AnyObject>
type OptionalRule = Schema<string | undefined, AnyObject>
type RuleOf<F> = F extends { errorName: string } | { input: "email" | "phone" | "state" | "zip" }
  ? RequiredRule
  : OptionalRule

const ruleOf = (field: RequestField): RequiredRule | OptionalRule => {
  switch (field.input) {
    case "email":
      return email()
    case "phone":
      return phone()
    case "state":
      return usState()
    case "zip":
      return usZip()
    default: {
      // A required field names itself in its message ("Please enter your name"); an optional one is a line.
      const errorName = refusalNameOf(field)
      return errorName === undefined ? optionalLine(field.max) : requiredText(errorName, field.max)
    }
  }
}

/** The rules of a request's declared fields, by name. */
const declaredShape = <F extends RequestDeclaration["fields"]>(fields: F) =>
  // Object.fromEntries types its keys as string; the entries are the declaration's, every one of them.
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, ruleOf(field)])) as {
    [K in keyof F]: RuleOf<F[K]>
  }

/** The contact form's fields, in their declared order. */
export const CONTACT_FIELD_NAMES = Object.keys(CONTACT_REQUEST.fields).filter(isContactField)

export const contactMessageSchema = object({
  ...submissionFields,
  ...declaredShape(CONTACT_REQUEST.fields),
}).exact("Unknown field(s): ${properties}")

/** The fields of the wizard's contact step, in their declared order. */
export const ESTIMATE_FIELD_NAMES = Object.keys(ESTIMATE_REQUEST.fields).filter(isEstimateField)

const estimateFields = {
  propertyType: optionId(problem("propertyTypeRequired")),
  servicePlan: optionId(problem("servicePlanRequired")),
  // The wizard's checkboxes: choosing none is the visitor's to fix, beside the field.
  pests: pestList().meta(VISITOR),
  additionalPests: numeric()
    .typeError("additionalPests must be a number")
    .required("additionalPests is required")
    .integer("additionalPests must be a whole number")
    .min(0, "additionalPests must be 0 or more")
    .max(MAX_OPTION_VALUE, `additionalPests must be at most ${MAX_OPTION_VALUE}`),
  sameDayService: boolean().required("sameDayService is required").strict(),
  quickKnock: boolean().required("quickKnock is required").strict(),
  preferredWindows: windowList(),
  // Step 6, what the visitor types (kernel/estimate-request.ts); the browser splits the name for the CRM.
  ...declaredShape(ESTIMATE_REQUEST.fields),
  firstName: requiredText("firstName", 60),
  lastName: trimmed().meta(VISITOR).max(60, tooLong("lastName", 60)).defined().default(""),
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

/** The booking's fields the visitor fills in, in their declared order. */
export const BOOKING_FIELD_NAMES = Object.keys(BOOKING_REQUEST.fields).filter(isBookingField)

/** The $49 Scarsdale landing page's booking (process-simple-lead). */
export const offerBookingSchema = object({
  ...submissionFields,
  // What the visitor fills in (kernel/booking-request.ts), then what the offer's page and the window picker give.
  ...declaredShape(BOOKING_REQUEST.fields),
  city: requiredText("offerCity", 100),
  zipCode: usZip(),
  specialOffer: requiredText("offer", 200),
  preferredWindows: windowList(),
}).exact("Unknown field(s): ${properties}")

/** The callback's fields the visitor fills in, in their declared order. */
export const CALLBACK_FIELD_NAMES = Object.keys(CALLBACK_REQUEST.fields).filter(isCallbackField)

/** The city offer page's "Prefer a Callback?" form (process-simple-lead), in its snake_case shape. */
export const offerCallbackSchema = object({
  ...submissionFields,
  // What the visitor fills in (kernel/callback-request.ts), then what the offer's page sends.
  ...declaredShape(CALLBACK_REQUEST.fields),
  email: emailRule().defined().default(""),
  // The form always sends residential / one-time / [general]; another well-shaped value is stored and flagged.
  property_type: optionId("property_type is required"),
  service_plan: optionId("service_plan is required"),
  pests: pestList(),
  zip_code: trimmed()
    .meta(VISITOR)
    .matches(/^(\d{5}(-\d{4})?)?$/, { message: problem("zipInvalid") })
    .defined()
    .default(""),
  special_offer: requiredText("offer", 200),
  utm_source: optionalText(200),
  utm_campaign: optionalText(200),
  utm_term: optionalText(200),
  preferredWindows: windowList(),
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
 * Which of process-simple-lead's three shapes (the wizard's first call, the $49 booking, the
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
// trimmed(), never Yup's .trim(): an office page's body with an object or a list for a text was a 500.
const linkFields = {
  token: trimmed().required("The link is incomplete").max(1_024, "The link is too long"),
  confirm: boolean().strict().required("Say whether to act (confirm)"),
}

export const officeLinkSchema = object(linkFields).exact("Unknown field(s): ${properties}")

/**
 * "I'm on it": the link, and optionally who takes it (a name from the on-call list, when the link went to
 * a shared inbox) and what came of it (an outcome and a note, recorded or changed from the same link).
 */
export const acknowledgeLinkSchema = object({
  ...linkFields,
  by: trimmed().min(1, "Choose who you are").max(MAX_ACTOR_NAME, "The name is too long").optional(),
  outcome: string()
    .oneOf([...LEAD_OUTCOMES], "Choose one of the outcomes")
    .optional(),
  note: string().max(MAX_OUTCOME_NOTE, `The note must be at most ${MAX_OUTCOME_NOTE} characters`).optional(),
}).exact("Unknown field(s): ${properties}")

export type AcknowledgeLinkRequest = InferType<typeof acknowledgeLinkSchema>

/**
 * "Confirm <window>": the link, and optionally who confirms it (a name from the on-call list); `release` (with
 * `confirm`) gives back the window held for a $49 booking instead of confirming it.
 */
export const confirmLinkSchema = object({
  ...linkFields,
  by: trimmed().min(1, "Choose who you are").max(MAX_ACTOR_NAME, "The name is too long").optional(),
  release: boolean().strict().optional(),
}).exact("Unknown field(s): ${properties}")

export type ConfirmLinkRequest = InferType<typeof confirmLinkSchema>

/** A past week's report: the link, and the week asked for by one of its days (2026-11-23), when it acts. */
export const reportLinkSchema = object({
  ...linkFields,
  week: trimmed()
    .matches(/^\d{4}-\d{2}-\d{2}$/, "Name the week by one of its days, written like 2026-11-23")
    .optional(),
}).exact("Unknown field(s): ${properties}")

export type ReportLinkRequest = InferType<typeof reportLinkSchema>

/** The public functions and the schema of each one's body. */
export const FUNCTION_SCHEMAS = {
  "process-contact": contactMessageSchema,
  "process-simple-lead": simpleLeadSchema,
  "process-estimate": estimateRequestSchema,
  "send-estimate-confirmation": estimateRequestSchema,
} as const

export type PublicFunctionName = keyof typeof FUNCTION_SCHEMAS

const KIND_LABELS = LEAD_MESSAGES.companyEmail.kindLabels

/** What the office calls a kept body of each public function (the spam review, the "Not spam" page). */
const FUNCTION_LABELS: { [N in PublicFunctionName]: (body: unknown) => string } = {
  "process-contact": () => KIND_LABELS.contact,
  "process-simple-lead": (body) => KIND_LABELS[simpleLeadKind(body)],
  "process-estimate": () => KIND_LABELS.estimate,
  "send-estimate-confirmation": () => KIND_LABELS.estimate,
}

const isPublicFunctionName = (name: string): name is PublicFunctionName => Object.hasOwn(FUNCTION_LABELS, name)

/** What the office reads for a kept body of this function (a record of a function no longer served reads as an estimate). */
export const labelOf = (name: string, body: unknown): string =>
  isPublicFunctionName(name) ? FUNCTION_LABELS[name](body) : KIND_LABELS.estimate

/**
 * The body a public function accepts, as its schema yields it (process-simple-lead: one of its three
 * shapes, flat, as the browser sends it). The site's `post` is typed by it, so a form cannot send a
 * field the contract does not know.
 */
export type RequestOf<N extends PublicFunctionName> = InferType<(typeof FUNCTION_SCHEMAS)[N]>

/** The fields every body carries (idempotency key, spam checks, attribution, consent): the browser adds them to each call. */
export type SubmissionFieldName = keyof typeof submissionFields

/**
 * Those fields as the functions read them from any body (every schema spreads submissionFields), with the
 * two the wizard's calls differ in besides the lead: call 1's source and calls 2 and 3's accountId.
 */
export type SubmissionFields = Pick<ContactMessage, SubmissionFieldName> &
  Partial<Pick<EstimateLead, "source"> & Pick<EstimateRequest, "accountId">>

/** Successful answers: `{ success: true, message, reference }` (process-contact adds `error: null`). */
export interface SuccessAnswer {
  success: true
  message: string
  reference: string
  error?: null
  /** A $49 booking's: what became of its arrival window (booking-hold.ts), which the page's texts follow. */
  booking?: BookingHold
  /** The message's note when the address is outside the offer's towns (kernel/offer-towns.ts), for the page to show. */
  outsideOffer?: string
}

/**
 * Error answers: `{ success: false, error, fields?, codes? }`; `fields` maps each invalid field to its English
 * message, `codes` the same fields to their code (field-errors.ts), for a form to say it in its own language.
 */
export interface ErrorAnswer {
  success: false
  error: string
  fields?: Record<string, string>
  codes?: Record<string, FieldProblem>
}
