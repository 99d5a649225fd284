import type { GatsbyNode } from "gatsby"
import { DATA_FILE_KINDS } from "./data-schemas"
import { graphqlSchemaDefs } from "./graphql-from-yup"
import { shownConsent, type LeadConsentData, type LeadValues } from "./shown-consent"
import { promiseValuesOf } from "./promise-texts"
import { fillTexts } from "../supabase/functions/_shared/kernel/escape.ts"
import { isLanguage } from "../supabase/functions/_shared/kernel/languages.ts"

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
    "type ShownConsent { consent: ShownConsentText! sms: ShownSmsConsentText! values: ShownLeadValues! }",
  )
  actions.createTypes(typeDefs.join("\n\n"))
}

interface NodeModel {
  findOne: (query: {
    type: string
    query: { filter: { lang: { eq: string } } }
  }) => Promise<{ name: string; leadValues: LeadValues } | null>
}

/** `LeadConsentYaml.shown`: what the forms show and record (LeadTexts), worked out here so no page carries the code. */
export const createResolvers: GatsbyNode["createResolvers"] = (args) => {
  // Gatsby types this action as a bare `Function`; this is its documented signature.
  const create = args.createResolvers as (resolvers: Record<string, Record<string, unknown>>) => void
  create({
    LeadConsentYaml: {
      shown: {
        type: "ShownConsent!",
        resolve: async (
          source: LeadConsentData & { lang: string },
          _args: unknown,
          context: { nodeModel: NodeModel },
        ) => {
          const site = await context.nodeModel.findOne({
            type: "SiteYaml",
            query: { filter: { lang: { eq: source.lang } } },
          })
          if (!site) throw new Error("data/site.yaml is required for the consent texts")
          return shownConsent(source, site.name, site.leadValues)
        },
      },
    },
  })
}
