import { graphql } from "gatsby"
import { pageTemplate } from "../components/page/page-template"
import { ServicesPage, type ServicesPageProps } from "../components/services/services-page"
import { servicesMenuPests } from "../lib/pest-lists"

export const query = graphql`
  query ServicesPage($key: String!, $lang: String!) {
    ...StaticPage
    servicesPageYaml(lang: { eq: $lang }) {
      gridHeading
      learnMoreLabel
      plansHeading
      planSummaries {
        planId
        summary
      }
      plansLinkLabel
      reasonsHeading
      reasons {
        icon
        title
        text
      }
      cta {
        ...CallToActionFields
      }
      valueLabels {
        urgency {
          ...ValueLabelFields
        }
      }
    }
    ...AllPlans
    allPestYaml(filter: { lang: { eq: $lang } }) {
      nodes {
        slug
        route
        name
        urgency
        menu {
          services
        }
        card {
          icon
          description
          features
        }
      }
    }
  }
`

/** The grid shows the pests whose files set menu.services, in that order. */
const template = pageTemplate<Queries.ServicesPageQuery, ServicesPageProps>(ServicesPage, (data) => ({
  content: data.servicesPageYaml,
  urgencyLabels: data.servicesPageYaml.valueLabels.urgency,
  pests: servicesMenuPests(data.allPestYaml.nodes),
  plans: data.plansYaml.plans,
}))
export const Head = template.Head
export default template.Page
