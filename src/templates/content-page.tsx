import { graphql } from "gatsby"
import { ContentPage } from "../components/page/content-page"
import { pageTemplate } from "../components/page/page-template"

const { Page, Head } = pageTemplate<Queries.ContentPageQuery, Parameters<typeof ContentPage>[0]>(
  ContentPage,
  (data) => ({
    sections: data.pageYaml.sections ?? [],
  }),
)
export { Head, Page as default }

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
