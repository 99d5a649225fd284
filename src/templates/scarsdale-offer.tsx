import { graphql, type HeadProps, type PageProps } from "gatsby"
import { OfferFooter } from "../components/offer/offer-footer"
import { OfferHeader } from "../components/offer/offer-header"
import { StandaloneFrame } from "../components/offer/standalone-frame"
import { PageHero } from "../components/page/page-hero"
import { Seo } from "../components/seo/seo"
import { useSiteData } from "../hooks/use-site-data"
import { hoursLines } from "../lib/hours"

type Data = Queries.ScarsdaleOfferPageQuery

export default function ScarsdaleOfferTemplate({ data }: PageProps<Data>) {
  const { company, logo, navigation, siteUrl, adsConversionTarget } = useSiteData()
  const page = data.pageYaml
  const labels = data.offerPageYaml?.footer
  if (!page || !labels) return null
  return (
    <StandaloneFrame
      skipToContent={navigation.labels.skipToContent}
      conversion={{ sendTo: adsConversionTarget, value: 49 }}
      header={<OfferHeader companyName={company.name} logo={logo} phone={company.phone} />}
      footer={
        <OfferFooter
          companyName={company.name}
          tagline={company.tagline}
          phone={company.phone}
          email={company.email}
          website={{ label: labels.websiteLabel, url: `${siteUrl}/` }}
          hours={hoursLines(company.hours)}
          towns={company.footerTowns}
          labels={labels}
        />
      }
    >
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
    offerPageYaml {
      footer {
        websiteLabel
        hoursHeading
        areasHeading
      }
    }
  }
`
