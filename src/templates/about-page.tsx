import { graphql, type HeadProps, type PageProps } from "gatsby"
import { AboutPage } from "../components/about/about-page"
import { Layout } from "../components/layout/layout"
import { PageSeo } from "../components/seo/page-seo"
import { useSiteData } from "../hooks/use-site-data"

type Data = Queries.AboutPageQuery

export default function AboutPageTemplate({ data, location }: PageProps<Data>) {
  const { company } = useSiteData()
  const { pageYaml: page, aboutYaml } = data
  if (!page || !aboutYaml) return null
  return (
    <Layout pathname={location.pathname}>
      <AboutPage heading={page.heading} intro={page.intro} content={aboutYaml} phone={company.phone} />
    </Layout>
  )
}

export const Head = ({ data }: HeadProps<Data>) => <PageSeo page={data.pageYaml} />

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
