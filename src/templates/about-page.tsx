import { graphql } from "gatsby"
import { AboutPage } from "../components/about/about-page"
import { pageTemplate } from "../components/page/page-template"

const { Page, Head } = pageTemplate<Queries.AboutPageQuery>(
  ({ pageYaml: page, aboutYaml }, { company, navigation }) => (
    <AboutPage
      heading={page.heading}
      intro={page.intro}
      content={aboutYaml}
      phone={company.phone}
      routes={navigation.routes}
    />
  ),
)
export default Page
export { Head }

export const query = graphql`
  query AboutPage($slug: String!) {
    pageYaml(path: { eq: $slug }) {
      ...PageFields
    }
    aboutYaml {
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
        heading
        text
        primaryLabel
        secondaryLabel
      }
    }
  }
`
