import { graphql, type HeadProps, type PageProps } from "gatsby"
import { OfferHeader } from "../components/offer/offer-header"
import { StandaloneFrame } from "../components/offer/standalone-frame"
import { PageHero } from "../components/page/page-hero"
import { Seo } from "../components/seo/seo"
import { useSiteData } from "../hooks/use-site-data"
import { offerPath } from "../lib/paths"

type Data = Queries.OfferPageQuery

export default function OfferPageTemplate({ data }: PageProps<Data>) {
  const { company, logo, navigation, adsConversionTarget } = useSiteData()
  const offer = data.offerYaml
  if (!offer) return null
  const phone = offer.phone ?? company.phone
  return (
    <StandaloneFrame
      skipToContent={navigation.labels.skipToContent}
      conversion={{ sendTo: adsConversionTarget, value: 49 }}
      header={<OfferHeader companyName={company.name} logo={logo} phone={phone} />}
      footer={null}
    >
      <PageHero heading={`Pest Control in ${offer.city} — ${offer.offerName}`} intro={offer.metaDescription}>
        <p className="mt-6 text-4xl font-extrabold text-accent-700">{offer.price}</p>
        <p className="mt-1 font-semibold text-slate-700">{offer.couponCode}</p>
      </PageHero>
    </StandaloneFrame>
  )
}

export const Head = ({ data }: HeadProps<Data>) =>
  data.offerYaml && <Seo title={data.offerYaml.title} description={data.offerYaml.metaDescription} path={offerPath(data.offerYaml.key)} />

export const query = graphql`
  query OfferPage($slug: String!) {
    offerYaml(key: { eq: $slug }) {
      key
      city
      offerName
      price
      couponCode
      phone {
        display
        e164
      }
      title
      metaDescription
    }
  }
`
