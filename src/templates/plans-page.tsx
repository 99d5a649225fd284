import { graphql } from "gatsby"
import { pageTemplate } from "../components/page/page-template"
import { PlansPage } from "../components/plans/plans-page"

const { Page, Head } = pageTemplate<Queries.PlansPageQuery>(({ pageYaml: page, plansYaml }, { navigation }) => (
  <PlansPage heading={page.heading} intro={page.intro} content={plansYaml} routes={navigation.routes} />
))
export default Page
export { Head }

export const query = graphql`
  query PlansPage($slug: String!) {
    pageYaml(path: { eq: $slug }) {
      ...PageFields
    }
    plansYaml {
      plans {
        ...PlanFields
      }
      customPricing
      validityNote
      everyPlanHeading
      everyPlanIncludes
      idealForLabel
      includedLabel
      notIncludedLabel
      estimateLabel
      contactLabel
    }
  }
`
