import { graphql } from "gatsby"
import { EstimateWizardShell } from "../components/estimate/estimate-wizard-shell"
import { Deferred } from "../components/forms/deferred"
import { PageHero } from "../components/page/page-hero"
import { pageTemplate } from "../components/page/page-template"
import { estimatePestOptions } from "../lib/pest-lists"

// The wizard (with Formik) loads after the page; the shell is what the build prerenders.
const loadWizard = () => import("../components/estimate/estimate-wizard").then((m) => m.EstimateWizard)

/** The wizard's pest choices come from the pest files (estimate:), the other choices from estimate-options.yaml. */
const { Page, Head } = pageTemplate<Queries.EstimatePageQuery>(
  ({ pageYaml: page, estimateWizardYaml: texts, estimateOptionsYaml, plansYaml, allPestYaml }, { company }) => {
    const options = { ...estimateOptionsYaml, ...estimatePestOptions(allPestYaml.nodes) }
    return (
      <>
        <PageHero heading={page.heading} intro={page.intro} />
        <div className="mx-auto max-w-3xl px-4 pb-16">
          <Deferred
            load={loadWizard}
            props={{
              texts,
              options,
              plans: plansYaml.plans,
              phone: company.phone,
              sameDayRule: company.sameDayService,
              timeZone: company.timeZone,
            }}
            placeholder={<EstimateWizardShell texts={texts} options={options} phone={company.phone} />}
          />
        </div>
      </>
    )
  },
)
export default Page
export { Head }

export const query = graphql`
  query EstimatePage($slug: String!) {
    pageYaml(path: { eq: $slug }) {
      ...PageFields
    }
    plansYaml {
      plans {
        id
        name
        badge
        tagline
        features
      }
    }
    estimateOptionsYaml {
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
    allPestYaml {
      nodes {
        name
        estimate {
          position
          label
          specialTreatment
        }
      }
    }
    estimateWizardYaml {
      stepTitles
      progress
      percentComplete
      previousLabel
      nextLabel
      callPrompt
      callLabel
      pestsHint
      additionalPestsLabel
      sameDayHint
      quickKnockHint
      sameDayUnavailable
      requiredNote
      fieldLabels {
        fullName
        phone
        email
        streetAddress
        city
        state
        zipCode
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
        errorTitle
        errorText
      }
    }
  }
`
