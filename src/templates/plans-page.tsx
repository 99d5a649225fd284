import { graphql } from "gatsby"
import { pageTemplate } from "../components/page/page-template"
import { PlansPage } from "../components/plans/plans-page"

const { Page, Head } = pageTemplate<Queries.PlansPageQuery, Parameters<typeof PlansPage>[0]>(PlansPage, (data) => ({
  content: data.plansYaml,
}))
export { Head, Page as default }

export const query = graphql`
  query PlansPage($slug: String!) {
    ...StaticPage
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
