/**
 * Every function the app serves, in one table: its kind (a public lead function, an office link, the
 * outbox's dispatch) and, for a lead function, its body's check, what it stores and its step among the
 * wizard's calls. Routes, the entry points (one folder and one config.toml section each, checked by
 * function-registry.test.ts), the wizard's call order and the office's "Not spam" replay derive from
 * it. What the contract says of each lead function, its body's schema and what the office calls a kept
 * body of it (labelOf), is the shared kernel's (kernel/contract.ts), keyed by the same names.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec"
import type { PublicFunctionName } from "./kernel/contract.ts"
import {
  contactIntake,
  estimateConfirmationIntake,
  estimateIntake,
  simpleLeadIntake,
  type Intake,
} from "./intake/leads.ts"
import { SMS_STATUS_WEBHOOK } from "./twilio/webhook.ts"
import { contactMessageInput, estimateRequestInput, simpleLeadInput } from "./intake/validate.ts"

interface LeadFunction<Body> {
  kind: "lead"
  /** The body's check (validate.ts), from the function's contract schema. */
  input: StandardSchemaV1<unknown, Body>
  /** What a valid body stores (leads.ts), and the fields the checks before storing read. */
  intake: (body: Body) => Intake
  /** Its place among the wizard's calls, which alone may share a submissionId; null for none. */
  wizardStep: number | null
}

/** A row of the table; LEAD_FUNCTIONS below checks each lead function's check and intake by its name. */
type LeadEntry = { kind: "lead"; input: unknown; intake: unknown; wizardStep: number | null }
type Entry = LeadEntry | { kind: "calendar" | "office-link" | "dispatch" | "check" | "webhook" }

/** In the order ALL_FUNCTIONS lists them: lead functions, the calendar, office links, dispatch, the pipeline check, webhooks. */
export const FUNCTIONS = {
  "process-contact": { kind: "lead", input: contactMessageInput, intake: contactIntake, wizardStep: null },
  "process-simple-lead": { kind: "lead", input: simpleLeadInput, intake: simpleLeadIntake, wizardStep: 1 },
  "process-estimate": { kind: "lead", input: estimateRequestInput, intake: estimateIntake, wizardStep: 2 },
  "send-estimate-confirmation": {
    kind: "lead",
    input: estimateRequestInput,
    intake: estimateConfirmationIntake,
    wizardStep: 3,
  },
  // The arrival windows a form may offer now, with their free visits: public and read-only (GET or POST).
  "arrival-windows": { kind: "calendar" },
  // The office's one-tap links, called by the site's /office/ pages.
  "acknowledge-lead": { kind: "office-link" },
  "release-spam": { kind: "office-link" },
  // "Confirm <window>": one of a request's arrival windows made its appointment (the notice's links).
  "confirm-window": { kind: "office-link" },
  // The office's board of the day's and the week's requests (its signed link from the morning summary).
  "office-board": { kind: "office-link" },
  // A past week's report sent to the owner (its signed link from the morning summary).
  "office-report": { kind: "office-link" },
  "dispatch-outbox": { kind: "dispatch" },
  // The pipeline check: after each deploy and by hand (the daily run is an outbox job).
  "check-pipeline": { kind: "check" },
  // Twilio's webhooks, each checked by its X-Twilio-Signature (twilio/webhook.ts): a text to one of our numbers.
  "receive-text": { kind: "webhook" },
  // Twilio's status callback of each text we send: queued, sent, delivered, undelivered, failed.
  [SMS_STATUS_WEBHOOK]: { kind: "webhook" },
} satisfies Record<string, Entry>

export type FunctionName = keyof typeof FUNCTIONS
type Registry = typeof FUNCTIONS

/** Each lead function's body, as its check hands it on. */
export type BodyOf<N extends PublicFunctionName> = StandardSchemaV1.InferOutput<Registry[N]["input"]>

/** The lead functions, typed per name: a generic caller (a route, the replay) keeps the name's body type. */
export const LEAD_FUNCTIONS: { [N in PublicFunctionName]: LeadFunction<BodyOf<N>> } = FUNCTIONS

const isFunctionName = (name: string): name is FunctionName => Object.hasOwn(FUNCTIONS, name)

export const ALL_FUNCTIONS: readonly FunctionName[] = Object.keys(FUNCTIONS).filter(isFunctionName)

const isPublicFunction = (name: FunctionName): name is PublicFunctionName => FUNCTIONS[name].kind === "lead"

export const PUBLIC_FUNCTIONS: readonly PublicFunctionName[] = ALL_FUNCTIONS.filter(isPublicFunction)

export const OFFICE_FUNCTIONS: readonly FunctionName[] = ALL_FUNCTIONS.filter(
  (name) => FUNCTIONS[name].kind === "office-link",
)

/** The outbox's cron: no browser calls it. */
export const DISPATCH_FUNCTION = "dispatch-outbox" satisfies FunctionName

/** The arrival windows' public, read-only calendar: the one function a GET may call. */
export const CALENDAR_FUNCTION = "arrival-windows" satisfies FunctionName

/** The pipeline check, called after a deploy or by hand with its secret: no browser calls it either. */
export const CHECK_FUNCTION = "check-pipeline" satisfies FunctionName

/** Twilio's webhooks: no browser calls them; each is authorised by Twilio's signature alone. */
export const WEBHOOK_FUNCTIONS: readonly FunctionName[] = ALL_FUNCTIONS.filter(
  (name) => FUNCTIONS[name].kind === "webhook",
)

/** The webhook Twilio posts a text to one of our numbers to ("A message comes in"). */
export const TEXT_FUNCTION = "receive-text" satisfies FunctionName

/** The webhook Twilio posts each later state of a text we sent to (the StatusCallback every send names). */
export const STATUS_FUNCTION = SMS_STATUS_WEBHOOK satisfies FunctionName

const stepOf = (name: PublicFunctionName) => LEAD_FUNCTIONS[name].wizardStep

/** The functions a wizard submission calls in turn with one submissionId; no other reuse of an id is legitimate. */
export const WIZARD_FUNCTIONS: ReadonlySet<string> = new Set(PUBLIC_FUNCTIONS.filter((name) => stepOf(name) !== null))

/** The wizard's calls in the order the browser makes them, then the others: a released wizard submission replays them so. */
export const CALL_ORDER: readonly PublicFunctionName[] = [...PUBLIC_FUNCTIONS].sort(
  (a, b) => (stepOf(a) ?? Number.MAX_SAFE_INTEGER) - (stepOf(b) ?? Number.MAX_SAFE_INTEGER),
)

/** A body as this function's contract reads it, or null when it does not meet it (any more). */
const checked = async <N extends PublicFunctionName>(name: N, body: unknown): Promise<BodyOf<N> | null> => {
  const result = await LEAD_FUNCTIONS[name].input["~standard"].validate(body)
  return result.issues ? null : result.value
}

/** What a valid body of this function stores. */
export const intakeOf = <N extends PublicFunctionName>(name: N, body: BodyOf<N>): Intake =>
  LEAD_FUNCTIONS[name].intake(body)

/** What a body stores for this function, or null when the body does not meet its contract (any more). */
export async function intakeFor(name: PublicFunctionName, body: unknown): Promise<Intake | null> {
  const value = await checked(name, body)
  return value && intakeOf(name, value)
}
