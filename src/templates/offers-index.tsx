import { graphql } from "gatsby"
import { OffersIndex } from "../components/offer/offers-index"
import { PageHero } from "../components/page/page-hero"
import { pageTemplate } from "../components/page/page-template"

const { Page, Head } = pageTemplate<Queries.OffersIndexPageQuery>(
  ({ pageYaml: page, offersIndexYaml: notes, allOfferYaml }, { company }) => (
    <>
      <PageHero heading={page.heading} intro={page.intro} />
      <OffersIndex
        offers={allOfferYaml.nodes.map((offer) => ({ ...offer, phone: offer.phone ?? company.phone }))}
        notes={notes}
      />
    </>
  ),
)
export default Page
export { Head }

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
