import { graphql, type HeadProps, type PageProps } from "gatsby"
import { EstimateWizardShell } from "../components/estimate/estimate-wizard-shell"
import { Deferred } from "../components/forms/deferred"
import { Layout } from "../components/layout/layout"
import { PageHero } from "../components/page/page-hero"
import { PageSeo } from "../components/seo/page-seo"
import { useSiteData } from "../hooks/use-site-data"

type Data = Queries.EstimatePageQuery

// The wizard (with Formik) loads after the page; the shell is what the build prerenders.
const loadWizard = () => import("../components/estimate/estimate-wizard").then((m) => m.EstimateWizard)

export default function EstimatePageTemplate({ data, location }: PageProps<Data>) {
  const { company } = useSiteData()
  const { pageYaml: page, estimateWizardYaml: texts, estimateOptionsYaml: options, plansYaml } = data
  if (!page || !texts || !options || !plansYaml) return null
  return (
    <Layout pathname={location.pathname}>
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
    </Layout>
  )
}

export const Head = ({ data }: HeadProps<Data>) => <PageSeo page={data.pageYaml} />

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
      pests
      specialTreatmentPests
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
