import { graphql } from "gatsby"
import { ContentPage } from "../components/page/content-page"
import { pageTemplate } from "../components/page/page-template"

export const query = graphql`
  query ContentPage($key: String!, $lang: String!) {
    pageYaml(pageKey: { eq: $key }, lang: { eq: $lang }) {
      ...PageFields
      sections {
        heading
        paragraphs
      }
    }
  }
`

const template = pageTemplate<Queries.ContentPageQuery, Parameters<typeof ContentPage>[0]>(ContentPage, (data) => ({
  sections: data.pageYaml.sections ?? [],
}))
export const Head = template.Head
export default template.Page
