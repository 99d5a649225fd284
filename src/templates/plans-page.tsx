import { graphql } from "gatsby"
import { pageTemplate } from "../components/page/page-template"
import { PlansPage } from "../components/plans/plans-page"

export const query = graphql`
  query PlansPage($key: String!, $lang: String!) {
    ...StaticPage
    plansYaml(lang: { eq: $lang }) {
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

const template = pageTemplate<Queries.PlansPageQuery, Parameters<typeof PlansPage>[0]>(PlansPage, (data) => ({
  content: data.plansYaml,
}))
export const Head = template.Head
export default template.Page
