import { graphql } from "gatsby"
import { AboutPage } from "../components/about/about-page"
import { pageTemplate } from "../components/page/page-template"

export const query = graphql`
  query AboutPage($key: String!, $lang: String!) {
    ...StaticPage
    aboutYaml(lang: { eq: $lang }) {
      storyHeading
      story
      factsHeading
      quickFacts {
        value
        label
      }
      valuesHeading
      values {
        icon
        title
        text
      }
      doHeading
      weDo
      dontHeading
      weDont
      cta {
        ...CallToActionFields
      }
    }
  }
`

const template = pageTemplate<Queries.AboutPageQuery, Parameters<typeof AboutPage>[0]>(AboutPage, (data) => ({
  content: data.aboutYaml,
}))
export const Head = template.Head
export default template.Page
