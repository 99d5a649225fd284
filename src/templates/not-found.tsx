import { graphql } from "gatsby"
import { NotFound } from "../components/page/not-found"
import { siteTemplate } from "../components/page/page-template"

export const query = graphql`
  query NotFoundPage($lang: String!) {
    notFoundYaml(lang: { eq: $lang }) {
      title
      description
      heading
      message
      homeLabel
      contactLabel
      contactPath
      callPrompt
    }
  }
`

const template = siteTemplate<Queries.NotFoundPageQuery>({
  content: ({ notFoundYaml: page }, { company }, pathname) => (
    <NotFound {...page} phone={company.phone} pathname={pathname} />
  ),
  seo: ({ notFoundYaml: page }, _site, pathname) => ({
    title: page.title,
    description: page.description,
    path: pathname,
    noindex: true,
  }),
})
export const Head = template.Head
export default template.Page
