/**
 * What the office should know about a body the contract accepted (lead-flags.ts): each value the
 * functions' copy of data/ does not know (the site and the functions deploy apart: a pest, plan or
 * property type, additionalPests' value, a consent version, a new campaign parameter), and each time
 * the browser's clock wrote that cannot be right (client-time.ts). The lead is stored either way.
 * Details name the field and the value sent, never the visitor's personal data.
 */
import { newParamsOf, type Attribution } from "../kernel/attribution.ts"
import { clientInstant } from "../kernel/client-time.ts"
import { CONSENT_VERSIONS, SMS_CONSENT_VERSIONS, type Consent } from "../kernel/consent.ts"
import { knownLanguageOf } from "../kernel/languages.ts"
import type { LeadFlag } from "./lead-flags.ts"
import { ESTIMATE_OPTIONS } from "../kernel/site-data.generated.ts"
import { RECEIVED, type Tolerated } from "./received-shape.ts"

/** The parts of a body these flags are about; every body has some of them. */
export interface FlaggableBody extends Tolerated {
  attribution?: Attribution
  consent?: Consent
  propertyType?: string
  servicePlan?: string
  pests?: readonly string[]
  additionalPests?: number
  /** The offer callback's fixed values, in its snake_case shape. */
  property_type?: string
  service_plan?: string
  language?: string
}

const PROPERTY_TYPES: readonly string[] = ESTIMATE_OPTIONS.propertyTypes.map((p) => p.id)
const SERVICE_PLANS: readonly string[] = ESTIMATE_OPTIONS.servicePlans.map((p) => p.id)
const PESTS: readonly string[] = ESTIMATE_OPTIONS.pests
const ADDITIONAL_PESTS: readonly number[] = ESTIMATE_OPTIONS.additionalPests.map((a) => a.value)
/** What the offer page's callback form always sends (src/lib/leads/offer-callback.ts). */
export const CALLBACK_VALUES = { property_type: "residential", service_plan: "one-time", pests: ["general"] } as const

const unknownValue = (what: string, value: string | number): LeadFlag => ({
  code: "unknown_value",
  detail: `${what} ${JSON.stringify(value)}`,
})

/** `what value` for each value not in the known list. */
const unknownIn = <T extends string | number>(what: string, known: readonly T[], values: readonly T[]): LeadFlag[] =>
  values.filter((value) => !known.includes(value)).map((value) => unknownValue(what, value))

const TOUCHES = [
  ["first", "first visit"],
  ["last", "last campaign visit"],
] as const

const present = <T>(value: T | undefined): T[] => (value === undefined ? [] : [value])

/** The lists a body is labelled from: data/'s for the estimate wizard, the fixed values for the offer callback. */
const knownLists = (callback: boolean) =>
  callback
    ? {
        propertyTypes: [CALLBACK_VALUES.property_type],
        servicePlans: [CALLBACK_VALUES.service_plan],
        pests: CALLBACK_VALUES.pests,
      }
    : { propertyTypes: PROPERTY_TYPES, servicePlans: SERVICE_PLANS, pests: PESTS }

function unknownValues(body: FlaggableBody): LeadFlag[] {
  const callback = body.property_type !== undefined || body.service_plan !== undefined
  const known = knownLists(callback)
  const { attribution, consent } = body
  return [
    ...unknownIn("property type", known.propertyTypes, present(body.propertyType ?? body.property_type)),
    ...unknownIn("service plan", known.servicePlans, present(body.servicePlan ?? body.service_plan)),
    ...unknownIn("pest", known.pests, body.pests ?? []),
    ...unknownIn("additional pests", ADDITIONAL_PESTS, present(body.additionalPests)),
    // A code no page of ours sends: the visitor is written to in English, and the office should know why.
    ...present(body.language)
      .filter((code) => knownLanguageOf(code) === null)
      .map((code) => unknownValue("language (written to in English)", code)),
    ...unknownIn("consent version", CONSENT_VERSIONS, present(consent?.version)),
    ...unknownIn("SMS consent version", SMS_CONSENT_VERSIONS, present(consent?.sms?.version)),
    ...TOUCHES.flatMap(([touch, what]) =>
      attribution ? newParamsOf(attribution[touch]).map(([key]) => unknownValue(`campaign value (${what})`, key)) : [],
    ),
  ]
}

/** The browser's times that cannot be right, each named with what the browser sent. */
function timesOutOfRange(body: FlaggableBody, receivedAt: Date): LeadFlag[] {
  const { attribution, consent } = body
  const times: Array<[string, string | undefined]> = [
    ["consent time", consent?.at],
    ["SMS consent time", consent?.sms?.at],
    ...TOUCHES.map(([touch, what]): [string, string | undefined] => [`${what} time`, attribution?.[touch].at]),
  ]
  return times.flatMap(([what, value]) =>
    // An empty time is a fallback for one the body did not carry (validate.ts): flagged there as missing.
    value !== undefined && value !== "" && clientInstant(value, receivedAt) === null
      ? [{ code: "time_out_of_range" as const, detail: `${what} ${JSON.stringify(value)}` }]
      : [],
  )
}

/**
 * Every flag a body earns, in a stable order: what was odd in its shape (validate.ts), what the functions do not
 * know, then the times that cannot be right.
 */
export const bodyFlags = (body: FlaggableBody, receivedAt: Date): LeadFlag[] => [
  ...(body[RECEIVED]?.flags ?? []),
  ...unknownValues(body),
  ...timesOutOfRange(body, receivedAt),
]
