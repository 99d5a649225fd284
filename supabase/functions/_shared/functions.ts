/**
 * Every function the app serves, in one table: its kind (a public lead function, an office link, the
 * outbox's dispatch) and, for a lead function, its body's check, what the spam review calls it and its
 * step among the wizard's calls. Routes, the entry points (one folder and one config.toml section each,
 * checked by function-registry.test.ts), the wizard's call order and the spam review's labels derive
 * from it; what each lead function stores is keyed by it in intakes.ts. It imports no storing code, so
 * the spam review (which leads.ts imports) can read its labels without a cycle.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec"
import { simpleLeadKind, type PublicFunctionName } from "./kernel/contract.ts"
import { LEAD_MESSAGES } from "./kernel/site-data.generated.ts"
import { contactMessageInput, estimateRequestInput, simpleLeadInput } from "./validate.ts"

const KIND_LABELS = LEAD_MESSAGES.companyEmail.kindLabels

interface LeadFunction<Body> {
  kind: "lead"
  /** The body's check (validate.ts), from the function's contract schema. */
  input: StandardSchemaV1<unknown, Body>
  /** What the spam review and the "Not spam" page call a kept body of it. */
  label: (body: Record<string, unknown>) => string
  /** Its place among the wizard's calls (SPEC §7), which alone may share a submissionId; null for none. */
  wizardStep: number | null
}

interface OtherFunction {
  kind: "office-link" | "dispatch"
}

/** In the order ALL_FUNCTIONS lists them: lead functions, office links, dispatch. */
export const FUNCTIONS = {
  "process-contact": { kind: "lead", input: contactMessageInput, label: () => KIND_LABELS.contact, wizardStep: null },
  "process-simple-lead": {
    kind: "lead",
    input: simpleLeadInput,
    label: (body) => KIND_LABELS[simpleLeadKind(body)],
    wizardStep: 1,
  },
  "process-estimate": { kind: "lead", input: estimateRequestInput, label: () => KIND_LABELS.estimate, wizardStep: 2 },
  "send-estimate-confirmation": {
    kind: "lead",
    input: estimateRequestInput,
    label: () => KIND_LABELS.estimate,
    wizardStep: 3,
  },
  // The office's one-tap links, called by the site's /office/ pages.
  "acknowledge-lead": { kind: "office-link" },
  "release-spam": { kind: "office-link" },
  "dispatch-outbox": { kind: "dispatch" },
} satisfies { [N in PublicFunctionName]: LeadFunction<unknown> } & Record<string, LeadFunction<unknown> | OtherFunction>

export type FunctionName = keyof typeof FUNCTIONS
type Registry = typeof FUNCTIONS

/** Each lead function's body, as its check hands it on. */
export type BodyOf<N extends PublicFunctionName> = StandardSchemaV1.InferOutput<Registry[N]["input"]>

/** The lead functions, typed per name: a generic caller (a route, an intake) keeps the name's body type. */
export const LEAD_FUNCTIONS: { [N in PublicFunctionName]: LeadFunction<BodyOf<N>> } = FUNCTIONS

const isFunctionName = (name: string): name is FunctionName => Object.hasOwn(FUNCTIONS, name)

export const ALL_FUNCTIONS: readonly FunctionName[] = Object.keys(FUNCTIONS).filter(isFunctionName)

export const isPublicFunction = (name: string): name is PublicFunctionName =>
  isFunctionName(name) && FUNCTIONS[name].kind === "lead"

export const PUBLIC_FUNCTIONS: readonly PublicFunctionName[] = ALL_FUNCTIONS.filter(isPublicFunction)

export const OFFICE_FUNCTIONS: readonly FunctionName[] = ALL_FUNCTIONS.filter(
  (name) => FUNCTIONS[name].kind === "office-link",
)

/** The outbox's cron: no browser calls it. */
export const DISPATCH_FUNCTION = "dispatch-outbox" satisfies FunctionName

const stepOf = (name: PublicFunctionName) => LEAD_FUNCTIONS[name].wizardStep

/** The functions a wizard submission calls in turn with one submissionId (SPEC §7); no other reuse of an id is legitimate. */
export const WIZARD_FUNCTIONS: ReadonlySet<string> = new Set(PUBLIC_FUNCTIONS.filter((name) => stepOf(name) !== null))

/** The wizard's calls in the order the browser makes them, then the others: a released wizard submission replays them so. */
export const CALL_ORDER: readonly PublicFunctionName[] = [...PUBLIC_FUNCTIONS].sort(
  (a, b) => (stepOf(a) ?? Number.MAX_SAFE_INTEGER) - (stepOf(b) ?? Number.MAX_SAFE_INTEGER),
)

/** What the office reads for a kept body of this function (a record of a function no longer served reads as an estimate). */
export const labelOf = (name: string, body: Record<string, unknown>): string =>
  isPublicFunction(name) ? LEAD_FUNCTIONS[name].label(body) : KIND_LABELS.estimate
