import { graphql } from "gatsby"
import { FaqPage } from "../components/faq/faq-page"
import { pageTemplate } from "../components/page/page-template"
import { faqJsonLd } from "../lib/structured-data"

const { Page, Head } = pageTemplate<Queries.FaqPageQuery>(
  ({ pageYaml: page, faqYaml }, { company, navigation }) => (
    <FaqPage
      heading={page.heading}
      intro={page.intro}
      content={faqYaml}
      phone={company.phone}
      routes={navigation.routes}
    />
  ),
  ({ faqYaml }) => [faqJsonLd(faqYaml.questions)],
)
export default Page
export { Head }

export const query = graphql`
  query FaqPage($slug: String!) {
    pageYaml(path: { eq: $slug }) {
      ...PageFields
    }
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
