import { graphql } from "gatsby"
import { ContentPage } from "../components/page/content-page"
import { pageTemplate } from "../components/page/page-template"

const { Page, Head } = pageTemplate<Queries.ContentPageQuery>(({ pageYaml: page }) => (
  <ContentPage heading={page.heading} intro={page.intro} sections={page.sections ?? []} />
))
export default Page
export { Head }

export const query = graphql`
  query ContentPage($slug: String!) {
    pageYaml(path: { eq: $slug }) {
      ...PageFields
      sections {
        heading
        paragraphs
      }
    }
  }
`
