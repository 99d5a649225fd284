import { graphql } from "gatsby"
import { FaqPage } from "../components/faq/faq-page"
import { pageTemplate } from "../components/page/page-template"
import { faqJsonLd } from "../lib/structured-data"

const { Page, Head } = pageTemplate<Queries.FaqPageQuery, Parameters<typeof FaqPage>[0]>(
  FaqPage,
  (data) => ({ content: data.faqYaml }),
  (data) => [faqJsonLd(data.faqYaml.questions)],
)
export { Head, Page as default }

export const query = graphql`
  query FaqPage($slug: String!) {
    ...StaticPage
    faqYaml {
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
