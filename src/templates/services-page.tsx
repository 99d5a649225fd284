import { graphql } from "gatsby"
import { pageTemplate } from "../components/page/page-template"
import { ServicesPage } from "../components/services/services-page"
import { servicesMenuPests } from "../lib/pest-lists"

/** The grid shows the pests whose files set menu.services, in that order. */
const { Page, Head } = pageTemplate<Queries.ServicesPageQuery>(
  ({ pageYaml: page, servicesPageYaml: content, plansYaml, allPestYaml }, { company, navigation }) => (
    <ServicesPage
      heading={page.heading}
      intro={page.intro}
      content={content}
      pests={servicesMenuPests(allPestYaml.nodes)}
      plans={plansYaml.plans}
      phone={company.phone}
      routes={navigation.routes}
    />
  ),
)
export default Page
export { Head }

export const query = graphql`
  query ServicesPage($slug: String!) {
    pageYaml(path: { eq: $slug }) {
      ...PageFields
    }
    servicesPageYaml {
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
        heading
        text
        primaryLabel
        secondaryLabel
      }
    }
    plansYaml {
      plans {
        ...PlanFields
      }
    }
    allPestYaml {
      nodes {
        slug
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
