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
        email
        request
        received
        reference
        reason
        sentTo
        acknowledgedBy
        takenFrom
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
        doneHeadingShared
        doneTextShared
        alreadyHeading
        alreadyText
        someone
        callLabel
        textLabel
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
        crm {
          sent
          queued
          notConfigured
          failed
        }
      }
      acknowledgeAll {
        readyHeading
        readyText
        confirmLabel
        confirmingLabel
        doneHeading
        doneText
        doneHeadingShared
        doneTextShared
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
          takenShared
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
        alreadyTextShared
        alreadyTextNoName
        fullHeading
        fullText
        unavailableHeading
        unavailableText
        othersHeading
        noOthers
        windowLabel
        heldText
        releaseLabel
        releasingLabel
        releasedHeading
        releasedText
        releasedUntoldText
        notHeldHeading
        notHeldText
      }
    }
  }
`
