import type { GatsbyNode } from "gatsby"
import { DATA_FILE_KINDS } from "./data-schemas"
import { graphqlSchemaDefs } from "./graphql-from-yup"

/** Every data type is declared, with non-null required fields, from its Yup schema. */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  const typeDefs = graphqlSchemaDefs(DATA_FILE_KINDS)
  // gatsby-config's siteMetadata, declared so it is never inferred as nullable (or dropped when empty).
  typeDefs.push("type SiteSiteMetadata { siteUrl: String! adsConversionTarget: String! }")
  actions.createTypes(typeDefs.join("\n\n"))
}
