import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { ContentPage } from "../components/page/content-page"
import { Seo } from "../components/seo/seo"

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

export const Head = ({ data }: HeadProps<Data>) =>
  data.pageYaml && (
    <Seo
      title={data.pageYaml.title}
      description={data.pageYaml.description}
      keywords={data.pageYaml.keywords}
      path={data.pageYaml.path}
      noindex={data.pageYaml.noindex ?? false}
    />
  )

export const query = graphql`
  query ContentPage($slug: String!) {
    pageYaml(path: { eq: $slug }) {
      path
      title
      description
      keywords
      noindex
      heading
      intro
      sections {
        heading
        paragraphs
      }
    }
  }
`
