import { graphql } from "gatsby"

/** The window picker's texts (data/arrival-windows.yaml), for the pages whose forms offer arrival windows. */
export const arrivalWindowTexts = graphql`
  fragment ArrivalWindowTexts on Query {
    arrivalWindowsYaml(lang: { eq: $lang }) {
      texts {
        legend
        help
        callMeLabel
        loading
        unavailable
        noneFree
        tooMany
        reviewLabel
        thankYouLine
        thankYouLineOne
        windowLabel
      }
    }
  }
`
