import { graphql, type HeadProps, type PageProps } from "gatsby"
import { FaqPage } from "../components/faq/faq-page"
import { Layout } from "../components/layout/layout"
import { PageSeo } from "../components/seo/page-seo"
import { useSiteData } from "../hooks/use-site-data"
import { faqJsonLd } from "../lib/structured-data"

type Data = Queries.FaqPageQuery

export default function FaqPageTemplate({ data, location }: PageProps<Data>) {
  const { company } = useSiteData()
  const { pageYaml: page, faqYaml } = data
  if (!page || !faqYaml) return null
  return (
    <Layout pathname={location.pathname}>
      <FaqPage heading={page.heading} intro={page.intro} content={faqYaml} phone={company.phone} />
    </Layout>
  )
}

export const Head = ({ data }: HeadProps<Data>) => (
  <PageSeo page={data.pageYaml} jsonLd={data.faqYaml ? [faqJsonLd(data.faqYaml.questions)] : []} />
)

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
