import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { PageHero } from "../components/page/page-hero"
import { UrgencyBadge } from "../components/pest/urgency-badge"
import { Seo } from "../components/seo/seo"
import { pestPath } from "../lib/paths"

type Data = Queries.PestPageQuery

export default function PestPageTemplate({ data, location }: PageProps<Data>) {
  const pest = data.pestYaml
  if (!pest) return null
  return (
    <Layout pathname={location.pathname}>
      <PageHero heading={pest.heading} intro={pest.intro} eyebrow={<div className="mb-4"><UrgencyBadge urgency={pest.urgency} /></div>} />
    </Layout>
  )
}

export const Head = ({ data }: HeadProps<Data>) =>
  data.pestYaml && (
    <Seo title={data.pestYaml.title} description={data.pestYaml.description} keywords={data.pestYaml.keywords} path={pestPath(data.pestYaml.slug)} />
  )

export const query = graphql`
  query PestPage($slug: String!) {
    pestYaml(slug: { eq: $slug }) {
      slug
      title
      description
      keywords
      urgency
      heading
      intro
    }
  }
`
