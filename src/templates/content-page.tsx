import { graphql } from "gatsby"
import { ContentPage } from "../components/page/content-page"
import { pageTemplate } from "../components/page/page-template"

const template = pageTemplate<Queries.ContentPageQuery, Parameters<typeof ContentPage>[0]>(ContentPage, (data) => ({
  sections: data.pageYaml.sections ?? [],
}))
export const Head = template.Head
export default template.Page

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
