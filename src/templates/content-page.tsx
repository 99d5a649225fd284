import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { ContentPage } from "../components/page/content-page"
import { PageSeo } from "../components/seo/page-seo"

type Data = Queries.ContentPageQuery

export default function ContentPageTemplate({ data, location }: PageProps<Data>) {
  const page = data.pageYaml
  if (!page) return null
  return (
    <Layout pathname={location.pathname}>
      <ContentPage heading={page.heading} intro={page.intro} sections={page.sections ?? []} />
    </Layout>
  )
}

export const Head = ({ data }: HeadProps<Data>) => <PageSeo page={data.pageYaml} />

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
