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
    socialImage {
      ...SocialPicture
    }
    heading
    intro
  }

  # A data/pages page in the page's language, found by its key (its English route) and language (the page's context).
  fragment StaticPage on Query {
    pageYaml(pageKey: { eq: $key }, lang: { eq: $lang }) {
      ...PageFields
    }
  }

  # Every plan, for the pages that show the plan cards.
  fragment AllPlans on Query {
    plansYaml(lang: { eq: $lang }) {
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

  fragment ValueLabelFields on ValueLabel {
    value
    label
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
