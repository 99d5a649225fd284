import { graphql } from "gatsby"

/** What every lead form shows once sent: sent, failed, or saved to be retried (gatsby/data-schemas/fields.ts). */
export const formOutcome = graphql`
  fragment FormOutcome on FormOutcomeTexts {
    successTitle
    errorTitle
    errorText
    pendingTitle
    pendingText
    sentTitle
    sentText
  }
`
