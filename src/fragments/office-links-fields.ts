import { graphql } from "gatsby"

/** Every text of data/office-links.yaml, for the two office link pages' queries. */
export const officeLinksFields = graphql`
  fragment OfficeLinksTexts on Query {
    officeLinksYaml(lang: { eq: $lang }) {
      checking
      retryLabel
      incomplete {
        heading
        text
      }
      invalid {
        heading
        text
      }
      expired {
        heading
        text
      }
      notFound {
        heading
        text
      }
      failed {
        heading
        text
      }
      labels {
        kind
        name
        phone
        request
        received
        reference
        reason
        sentTo
        acknowledgedBy
        acknowledgedAt
        releasedAt
        outcome
        outcomeNote
      }
      acknowledge {
        readyHeading
        readyText
        confirmLabel
        confirmingLabel
        doneHeading
        doneText
        alreadyHeading
        alreadyText
        someone
        callLabel
      }
      outcome {
        whoLabel
        heading
        hint
        noteLabel
        saveLabel
        changeLabel
        savingLabel
        savedHeading
        savedText
        recordedBy
      }
      acknowledgeAll {
        readyHeading
        readyText
        confirmLabel
        confirmingLabel
        doneHeading
        doneText
        alreadyHeading
        alreadyText
        takenBy
      }
      report {
        readyHeading
        readyText
        confirmLabel
        confirmingLabel
        doneHeading
        doneText
        alreadyHeading
        alreadyText
        weekLabel
        weekOption
      }
      board {
        todayHeading
        weekHeading
        empty
        countsLabel
        medianLabel
        missedLabel
        moreLabel
        states {
          new
          taken
          done
        }
        minutesLabel
        missed
        openBoard
      }
      release {
        readyHeading
        readyText
        confirmLabel
        confirmingLabel
        doneHeading
        doneText
        alreadyHeading
        alreadyText
      }
      confirm {
        readyHeading
        readyText
        confirmLabel
        confirmingLabel
        doneHeading
        doneText
        alreadyHeading
        alreadyText
        fullHeading
        fullText
        unavailableHeading
        unavailableText
        othersHeading
        noOthers
        windowLabel
      }
    }
  }
`
