import { graphql } from "gatsby"

/** The fields every static page has in data/pages/<name>.yaml; used by each template's query. */
export const pageFields = graphql`
  fragment PageFields on PageYaml {
    path
    title
    description
    keywords
    noindex
    heading
    intro
  }

  # A data/pages page: its page file, found by the page's path (every static page's context holds only its slug).
  fragment StaticPage on Query {
    pageYaml(path: { eq: $slug }) {
      ...PageFields
    }
  }

  fragment PlanFields on PlansYamlPlans {
    id
    name
    badge
    tagline
    description
    features
    notIncluded
    idealFor
  }
`
