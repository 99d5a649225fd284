import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { PlansPage } from "../components/plans/plans-page"
import { PageSeo } from "../components/seo/page-seo"

type Data = Queries.PlansPageQuery

export default function PlansPageTemplate({ data, location }: PageProps<Data>) {
  const { pageYaml: page, plansYaml } = data
  if (!page || !plansYaml) return null
  return (
    <Layout pathname={location.pathname}>
      <PlansPage heading={page.heading} intro={page.intro} content={plansYaml} />
    </Layout>
  )
}

export const Head = ({ data }: HeadProps<Data>) => <PageSeo page={data.pageYaml} />

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
