import { graphql } from "gatsby"

/** What names a city offer wherever it is shown (its page, its card on the offers index): where, what, at what price, with which code. */
export const offerHeadline = graphql`
  fragment OfferHeadline on OfferYaml {
    key
    route
    city
    offerName
    price
    couponCode
  }
`
