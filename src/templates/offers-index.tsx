import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { OffersIndex } from "../components/offer/offers-index"
import { PageHero } from "../components/page/page-hero"
import { PageSeo } from "../components/seo/page-seo"
import { useSiteData } from "../hooks/use-site-data"

type Data = Queries.OffersIndexPageQuery

export default function OffersIndexTemplate({ data, location }: PageProps<Data>) {
  const { company } = useSiteData()
  const { pageYaml: page, offersIndexYaml: notes } = data
  if (!page || !notes) return null
  const offers = data.allOfferYaml.nodes.map((offer) => ({ ...offer, phone: offer.phone ?? company.phone }))
  return (
    <Layout pathname={location.pathname}>
      <PageHero heading={page.heading} intro={page.intro} />
      <OffersIndex offers={offers} notes={notes} />
    </Layout>
  )
}

export const Head = ({ data }: HeadProps<Data>) => <PageSeo page={data.pageYaml} />

export const query = graphql`
  query OffersIndexPage($slug: String!) {
    pageYaml(path: { eq: $slug }) {
      ...PageFields
    }
    allOfferYaml(sort: { key: ASC }) {
      nodes {
        key
        city
        offerName
        price
        couponCode
        heroVariant
        phone {
          display
        }
      }
    }
    offersIndexYaml {
      cardLabels {
        price
        couponCode
        phone
        heroVariant
        open
      }
      features {
        heading
        groups {
          heading
          items
        }
      }
      addCity {
        heading
        intro
        steps
        exampleHeading
        example
      }
    }
  }
`
