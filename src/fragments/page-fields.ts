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
