import { graphql } from "gatsby"

/** A request field as every form draws it: its words, and its input and rule's outline (gatsby/schema.ts). */
export const requestField = graphql`
  fragment RequestField on RequestFieldWords {
    name
    label
    placeholder
    input
    type
    autoComplete
    numeric
    maxLength
    required
    multiline
    width
  }
`
