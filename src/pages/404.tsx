import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { NotFound } from "../components/page/not-found"
import { Seo } from "../components/seo/seo"
import { useSiteData } from "../hooks/use-site-data"

type Data = Queries.NotFoundPageQuery

export default function NotFoundPage({ data, location }: PageProps<Data>) {
  const { company } = useSiteData()
  const page = data.notFoundYaml
  if (!page) return null
  return (
    <Layout pathname={location.pathname}>
      <NotFound {...page} phone={company.phone} pathname={location.pathname} />
    </Layout>
  )
}

export const Head = ({ data, location }: HeadProps<Data>) =>
  data.notFoundYaml && (
    <Seo title={data.notFoundYaml.title} description={data.notFoundYaml.description} path={location.pathname} noindex />
  )

export const query = graphql`
  query NotFoundPage {
    notFoundYaml {
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
