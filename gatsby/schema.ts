import type { GatsbyNode } from "gatsby"
import { DATA_FILE_KINDS } from "./data-schemas"
import { fieldErrorsSchema } from "./data-schemas/lead-messages"
import { FORM_OUTCOME_INTERFACE, formOutcomeTexts, text } from "./data-schemas/fields"
import { graphqlSchemaDefs, graphqlTypeDefs } from "./graphql-from-yup"
import { declaredFieldsOf, drawnFieldResolvers } from "./data-schemas/request-field-texts"
import { BOOKING_REQUEST } from "../supabase/functions/_shared/kernel/booking-request.ts"
import { CALLBACK_REQUEST } from "../supabase/functions/_shared/kernel/callback-request.ts"
import { ESTIMATE_REQUEST } from "../supabase/functions/_shared/kernel/estimate-request.ts"
import { CONTACT_REQUEST } from "../supabase/functions/_shared/kernel/contact-request.ts"
import { shownConsent, type LeadConsentData, type LeadValues, type TurnstileTexts } from "./shown-consent"
import { promiseValuesOf } from "./promise-texts"
import { siteUrlFrom } from "./site-config"
import { madeImageFields } from "./social-preview"
import { fillTexts } from "../supabase/functions/_shared/kernel/escape.ts"
import { hoursLines, hoursSummary, type OpeningHours } from "../src/lib/hours"
import { fieldErrorTexts, type FieldErrorTexts } from "../supabase/functions/_shared/kernel/field-errors.ts"
import { DEFAULT_LANGUAGE, isLanguage, languageOf } from "../supabase/functions/_shared/kernel/languages.ts"

/** The directive on every text field of data/: its {…Promise} placeholders filled with the forms' promises. */
const PROMISES_DIRECTIVE = "promises"

interface FieldContext {
  nodeModel: {
    findOne: (query: { type: string; query: { filter: { lang: { eq: string } } } }) => Promise<unknown>
    findRootNodeAncestor: (
      source: unknown,
      predicate: (node: { lang?: unknown }) => boolean,
    ) => { lang?: unknown } | null
  }
  defaultFieldResolver: (source: unknown, args: unknown, context: unknown, info: unknown) => unknown
}

interface PrevFieldConfig {
  resolve?: FieldContext["defaultFieldResolver"]
}

const hasLanguage = (node: { lang?: unknown }) => isLanguage(node.lang)

/** The language of the data node a field's source is, or is inside. */
const languageOfSource = (source: unknown, context: FieldContext): string => {
  const own = (source as { lang?: unknown } | null)?.lang
  if (isLanguage(own)) return own
  const root = context.nodeModel.findRootNodeAncestor(source, hasLanguage)
  if (!root || !isLanguage(root.lang)) throw new Error("A data text outside any data node: its language is unknown")
  return root.lang
}

/** The field extension on every text field of data/: its {…Promise} placeholders filled with the forms' promises. */
export const promisesExtension = {
  name: PROMISES_DIRECTIVE,
  extend: (_options: unknown, previous: PrevFieldConfig) => ({
    resolve: async (source: unknown, args: unknown, context: FieldContext, info: unknown) => {
      const value = await (previous.resolve ?? context.defaultFieldResolver)(source, args, context, info)
      const texts = Array.isArray(value) ? value : [value]
      if (!texts.some((text) => typeof text === "string" && text.includes("Promise}"))) return value
      // The promises of the text's own language: a nested object is tracked to the node (the language) it is in.
      const lang = languageOfSource(source, context)
      // The schema checked the file; a build without it leaves the text for validate-data.ts to report.
      const values = promiseValuesOf(
        await context.nodeModel.findOne({ type: "ResponsePromisesYaml", query: { filter: { lang: { eq: lang } } } }),
      )
      return values ? fillTexts(value, values) : value
    },
  }),
}

/**
 * Every data type is declared, with non-null required fields, from its Yup schema; each text field fills in the
 * forms' promises (data/response-promises.yaml), so "within 24 hours" is written once.
 */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createFieldExtension(promisesExtension)
  // Every data node has its language; an entry of a folder (page, pest, offer) its page key and route too (gatsby/i18n/).
  const typeDefs = graphqlSchemaDefs(DATA_FILE_KINDS, {
    stringDirective: PROMISES_DIRECTIVE,
    nodeFields: (kind) => ["lang: String!", ...(kind.folder ? ["pageKey: String!", "route: String!"] : [])],
  })
  // gatsby-config's siteMetadata, declared so it is never inferred as nullable (or dropped when empty).
  typeDefs.push("type SiteSiteMetadata { siteUrl: String! adsConversionTarget: String! }")
  typeDefs.push(
    "type ShownConsentText { version: String! text: String! }",
    "type ShownConsentLink { label: String! path: String! }",
    "type ShownSmsConsentText { version: String! label: String! text: String! links: [ShownConsentLink!]! }",
    "type ShownLeadValues { currency: String! contact: Float! estimate: Float! }",
    // The refusals' words by code (kernel/field-errors.ts): lead-messages.yaml's fieldErrors and the anti-spam check's "missing".
    ...graphqlTypeDefs("ShownFieldErrors", fieldErrorsSchema.shape({ turnstileMissing: text() }), { node: false }),
    "type ShownTurnstileTexts { label: String! description: String! missing: String! failed: String! unavailable: String! notLoaded: String! }",
    "type ShownConsent { consent: ShownConsentText! sms: ShownSmsConsentText! values: ShownLeadValues! fieldErrors: ShownFieldErrors! turnstile: ShownTurnstileTexts! }",
    "type HoursLine { days: String! time: String! }",
    // What every lead form shows once sent (data-schemas/fields.ts' formOutcomeTexts): the forms' types implement it.
    `interface ${FORM_OUTCOME_INTERFACE} { ${Object.keys(formOutcomeTexts)
      .map((field) => `${field}: String!`)
      .join(" ")} }`,
  )
  actions.createTypes(typeDefs.join("\n\n"))
}

/** The lead messages a page's forms need of their language's node: the refusals' words. */
interface LeadMessagesNode {
  fieldErrors: Omit<FieldErrorTexts, "turnstileMissing">
  turnstile: TurnstileTexts
}

/** A data node of one language (every data node carries its `lang`). */
type InLanguage<T extends string> = { type: T; query: { filter: { lang: { eq: string } } } }

interface NodeModel {
  findOne(query: InLanguage<"SiteYaml">): Promise<{ name: string; leadValues: LeadValues } | null>
  findOne(query: InLanguage<"LeadMessagesYaml">): Promise<LeadMessagesNode | null>
}

/**
 * `LeadConsentYaml.shown`: what the forms show and record (LeadTexts), worked out here so no page carries the code:
 * in the language of the consent node asked for (its `lang`), with that language's refusal words.
 */
export async function resolveShown(
  source: LeadConsentData & { lang?: string | null },
  _args: unknown,
  context: { nodeModel: NodeModel },
) {
  const lang = source.lang ?? DEFAULT_LANGUAGE
  const site = await context.nodeModel.findOne({ type: "SiteYaml", query: { filter: { lang: { eq: lang } } } })
  if (!site) throw new Error("data/site.yaml is required for the consent texts")
  const messages = await context.nodeModel.findOne({
    type: "LeadMessagesYaml",
    query: { filter: { lang: { eq: lang } } },
  })
  if (!messages) throw new Error(`data/lead-messages.yaml (${lang}) is required for the forms' field messages`)
  return shownConsent(source, site.name, site.leadValues, {
    language: languageOf(lang),
    fieldErrors: fieldErrorTexts(messages),
    turnstile: messages.turnstile,
  })
}

export const createResolvers: GatsbyNode["createResolvers"] = (args) => {
  // Gatsby types this action as a bare `Function`; this is its documented signature.
  const create = args.createResolvers as (resolvers: Record<string, Record<string, unknown>>) => void
  create({
    LeadConsentYaml: { shown: { type: "ShownConsent!", resolve: resolveShown } },
    // Each request field's input and rule outline, from its form's request declaration (kernel/*-request.ts).
    ContactPageYamlForm: declaredFieldsOf(CONTACT_REQUEST),
    ScarsdaleOfferYamlForm: declaredFieldsOf(BOOKING_REQUEST),
    OfferPageYamlCallback: declaredFieldsOf(CALLBACK_REQUEST),
    EstimateWizardYamlContactStep: declaredFieldsOf(ESTIMATE_REQUEST),
    RequestFieldWords: drawnFieldResolvers,
    // The hours as the page's language writes them ("Mon–Fri 8am–6pm", "lun–vie 8:00–18:00"), worked out here
    // so no page carries the formatting: the company's, and an offer's own line's when it has one.
    SiteYaml: {
      hoursLines: {
        type: "[HoursLine!]!",
        resolve: (source: WithHours) => hoursLines(source.hours, languageOf(source.lang)),
      },
      hoursSummary: {
        type: "String!",
        resolve: (source: WithHours) => hoursSummary(source.hours, languageOf(source.lang)),
      },
    },
    OfferYaml: {
      hoursLines: {
        type: "[HoursLine!]",
        resolve: (source: Partial<WithHours>) =>
          source.hours ? hoursLines(source.hours, languageOf(source.lang)) : null,
      },
    },
    // A page's social preview picture as its head names it: its full address on SITE_URL and its type.
    ImageSharpResize: madeImageFields(siteUrlFrom()),
  })
}

interface WithHours {
  hours: readonly OpeningHours[]
  lang: string
}
