import { graphql } from "gatsby"
import { OffersIndexPage } from "../components/offer/offers-index"
import { pageTemplate } from "../components/page/page-template"

export const query = graphql`
  query OffersIndexPage($key: String!, $lang: String!) {
    ...StaticPage
    allOfferYaml(filter: { lang: { eq: $lang } }, sort: { key: ASC }) {
      nodes {
        ...OfferHeadline
        heroVariant
        phone {
          display
        }
      }
    }
    offersIndexYaml(lang: { eq: $lang }) {
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

const template = pageTemplate<Queries.OffersIndexPageQuery, Parameters<typeof OffersIndexPage>[0]>(
  OffersIndexPage,
  (data, { company }) => ({
    notes: data.offersIndexYaml,
    offers: data.allOfferYaml.nodes.map((offer) => ({ ...offer, phone: offer.phone ?? company.phone })),
  }),
)
export const Head = template.Head
export default template.Page
