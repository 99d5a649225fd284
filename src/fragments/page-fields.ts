import { graphql } from "gatsby"

/** The fields every static page has in data/pages/<name>.yaml, and the shapes several pages select; used by the templates' queries. */
export const pageFields = graphql`
  fragment PageFields on PageYaml {
    path
    title
    description
    keywords
    noindex
    nofollow
    heading
    intro
  }

  # A data/pages page: its page file, found by the page's path (every static page's context holds only its slug).
  fragment StaticPage on Query {
    pageYaml(path: { eq: $slug }) {
      ...PageFields
    }
  }

  # Every plan, for the pages that show the plan cards.
  fragment AllPlans on Query {
    plansYaml {
      plans {
        ...PlanFields
      }
    }
  }

  fragment CallToActionFields on CallToAction {
    heading
    text
    primaryLabel
    secondaryLabel
  }

  fragment TestimonialFields on Testimonial {
    quote
    name
    location
    rating
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
