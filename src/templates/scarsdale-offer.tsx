import { graphql, type HeadProps, type PageProps } from "gatsby"
import { StandaloneFrame } from "../components/offer/standalone-frame"
import { PageHero } from "../components/page/page-hero"
import { Seo } from "../components/seo/seo"
import { useSiteData } from "../hooks/use-site-data"

type Data = Queries.ScarsdaleOfferPageQuery

export default function ScarsdaleOfferTemplate({ data }: PageProps<Data>) {
  const { company, logo } = useSiteData()
  const page = data.pageYaml
  if (!page) return null
  return (
    <StandaloneFrame companyName={company.name} logo={logo} phone={company.phone}>
      <PageHero heading={page.heading} intro={page.intro} />
    </StandaloneFrame>
  )
}

export const Head = ({ data }: HeadProps<Data>) =>
  data.pageYaml && (
    <Seo title={data.pageYaml.title} description={data.pageYaml.description} keywords={data.pageYaml.keywords} path={data.pageYaml.path} />
  )

export const query = graphql`
  query ScarsdaleOfferPage($slug: String!) {
    pageYaml(path: { eq: $slug }) {
      path
      title
      description
      keywords
      heading
      intro
    }
  }
`
