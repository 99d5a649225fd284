import { graphql } from "gatsby"
import { FaqPage } from "../components/faq/faq-page"
import { pageTemplate } from "../components/page/page-template"
import { faqJsonLd } from "../lib/structured-data"

export const query = graphql`
  query FaqPage($key: String!, $lang: String!) {
    ...StaticPage
    faqYaml(lang: { eq: $lang }) {
      quickActions {
        icon
        title
        text
        label
        action
      }
      questionsHeading
      questions {
        question
        answer
      }
    }
  }
`

const template = pageTemplate<Queries.FaqPageQuery, Parameters<typeof FaqPage>[0]>(
  FaqPage,
  (data) => ({ content: data.faqYaml }),
  (data) => [faqJsonLd(data.faqYaml.questions)],
)
export const Head = template.Head
export default template.Page
