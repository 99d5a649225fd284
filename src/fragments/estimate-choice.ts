import { graphql } from "gatsby"

/** A pest as the estimate wizard offers it: its page key (the same pest in every language) and its choice. */
export const estimateChoice = graphql`
  fragment EstimateChoice on PestYaml {
    pageKey
    name
    estimate {
      position
      label
      specialTreatment
    }
  }
`
