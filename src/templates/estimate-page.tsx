import { graphql } from "gatsby"
import { EstimatePage, type EstimatePageProps } from "../components/estimate/estimate-page"
import { pageTemplate } from "../components/page/page-template"
import { scheduleOf } from "../lib/holidays"
import { estimatePestChoices } from "../lib/pest-lists"

export const query = graphql`
  query EstimatePage($key: String!, $lang: String!) {
    ...StaticPage
    ...ArrivalWindowTexts
    plansYaml(lang: { eq: $lang }) {
      plans {
        id
        name
        badge
        tagline
        features
      }
    }
    estimateOptionsYaml(lang: { eq: $lang }) {
      propertyTypes {
        id
        label
      }
      servicePlans {
        id
        name
        badge
        annual
      }
      additionalPests {
        value
        label
      }
      sameDay {
        label
        priceNote
      }
      quickKnock {
        label
        priceNote
      }
    }
    allPestYaml(filter: { lang: { eq: $lang } }) {
      nodes {
        ...EstimateChoice
      }
    }
    # The values the wizard sends: the English labels, which the functions know.
    englishPests: allPestYaml(filter: { lang: { eq: "en" } }) {
      nodes {
        ...EstimateChoice
      }
    }
    estimateWizardYaml(lang: { eq: $lang }) {
      stepTitles
      stepNames
      progress
      percentComplete
      previousLabel
      nextLabel
      nextHints {
        propertyType
        servicePlan
        pests
        contact
      }
      callPrompt
      callLabel
      pestsHint
      additionalPestsLabel
      sameDayHint
      quickKnockHint
      sameDayUnavailable
      requiredNote
      contactStep {
        fields {
          ...RequestField
        }
      }
      reviewLabels {
        propertyType
        servicePlan
        pests
        additionalPests
        sameDayService
        quickKnock
        contact
        address
      }
      yesLabel
      noLabel
      submitLabel
      submittingLabel
      warningTitle
      warningText
      referenceLabel
      thankYou {
        heading
        intro
        nextHeading
        nextSteps
        againLabel
      }
      toasts {
        successTitle
        successText
        crmPrefix
        leadPrefix
        allFailedTitle
        allFailedText
        sentTitle
        sentText
        errorTitle
        errorText
      }
    }
  }
`

/** The wizard's pest choices come from the pest files (estimate:), the other choices from estimate-options.yaml. */
const template = pageTemplate<Queries.EstimatePageQuery, EstimatePageProps>(
  EstimatePage,
  (data, { company, navigation }) => ({
    texts: data.estimateWizardYaml,
    windowTexts: data.arrivalWindowsYaml.texts,
    options: { ...data.estimateOptionsYaml, ...estimatePestChoices(data.allPestYaml.nodes, data.englishPests.nodes) },
    plans: data.plansYaml.plans,
    sameDayRule: company.sameDayService,
    schedule: scheduleOf(company),
    dismissLabel: navigation.labels.dismiss,
  }),
)
export const Head = template.Head
export default template.Page
