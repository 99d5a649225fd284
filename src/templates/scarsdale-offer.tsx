import { graphql } from "gatsby"
import { OfferFooter } from "../components/offer/offer-footer"
import { OfferHeader } from "../components/offer/offer-header"
import { StandaloneFrame } from "../components/offer/standalone-frame"
import { standaloneTemplate } from "../components/page/template"
import { localBusinessJsonLd } from "../lib/structured-data"
import { ScarsdaleOfferPage } from "../components/scarsdale-offer/scarsdale-offer-page"
import { pageSeoProps } from "../components/seo/page-seo"
import { scheduleOf } from "../lib/holidays"
import { scarsdaleOfferContent } from "../components/scarsdale-offer/offer-content"
import { fillTexts } from "../../supabase/functions/_shared/kernel/escape.ts"
import { LANDING_OFFER_KEY } from "../../supabase/functions/_shared/kernel/offer-names.ts"

export const query = graphql`
  query ScarsdaleOfferPage($key: String!, $lang: String!) {
    ...ArrivalWindowTexts
    pageYaml(pageKey: { eq: $key }, lang: { eq: $lang }) {
      path
      title
      description
      keywords
      socialImage {
        ...SocialPicture
      }
    }
    offerPageYaml(lang: { eq: $lang }) {
      footer {
        websiteLabel
        hoursHeading
        areasHeading
      }
    }
    scarsdaleOfferYaml(lang: { eq: $lang }) {
      amounts {
        price
        regularValue
        saving
      }
      hero {
        eyebrow
        heading
        intro
        price
        regularValue
        saving
        spotsRemaining
        countdownLabel
        countdownStart
        bookLabel
        callLabel
      }
      featuredTestimonial {
        ...TestimonialFields
      }
      included {
        heading
        items
      }
      disclaimer {
        heading
        items
      }
      form {
        heading
        intro
        fields {
          ...RequestField
        }
        submitLabel
        busyLabel
        ...FormOutcome
        successText
        successTakenText
        successCallText
      }
      booking {
        city
        zipCode
        specialOffer
      }
      trustBadges {
        icon
        label
      }
      testimonials {
        heading
        items {
          ...TestimonialFields
        }
      }
      credentials {
        heading
        licenseLabel
        insuranceLabel
        yearsLabel
        yearsText
      }
      stickyCall {
        label
      }
      exitIntent {
        heading
        text
        callLabel
        closeLabel
      }
      thankYou {
        heading
        callHeading
        text
        heldLine
        takenLine
        callLine
        nextHeading
        heldNextSteps
        nextSteps
        emergencyText
      }
    }
  }
`

const template = standaloneTemplate<Queries.ScarsdaleOfferPageQuery>({
  content: ({ scarsdaleOfferYaml, offerPageYaml: { footer: labels }, arrivalWindowsYaml }, site) => {
    const content = scarsdaleOfferContent(scarsdaleOfferYaml)
    const { company, logo, navigation, siteUrl, adsConversionTarget } = site
    return (
      <StandaloneFrame
        skipToContent={navigation.labels.skipToContent}
        dismissLabel={navigation.labels.dismiss}
        conversion={{ sendTo: adsConversionTarget, value: content.booking.conversionValue }}
        offer={{ key: LANDING_OFFER_KEY, name: content.booking.specialOffer, value: content.booking.conversionValue }}
        header={<OfferHeader companyName={company.name} logo={logo} phone={company.phone} />}
        footer={
          <OfferFooter
            companyName={company.name}
            tagline={company.tagline}
            phone={company.phone}
            email={company.email}
            website={{ label: labels.websiteLabel, url: `${siteUrl}/` }}
            hours={company.hoursLines}
            holidays={{ schedule: scheduleOf(company), texts: company.closedTexts }}
            towns={company.footerTowns}
            labels={labels}
          />
        }
      >
        <ScarsdaleOfferPage
          content={content}
          windowTexts={arrivalWindowsYaml.texts}
          company={company}
          adsConversionTarget={adsConversionTarget}
        />
      </StandaloneFrame>
    )
  },
  // The page's title, description and heading name the amounts as {price}… too (data/pages/scarsdale-49-offer.yaml).
  seo: ({ pageYaml, scarsdaleOfferYaml }, { company, siteUrl }) => ({
    ...pageSeoProps(fillTexts(pageYaml, scarsdaleOfferYaml.amounts)),
    businessJsonLd: localBusinessJsonLd(company, siteUrl),
  }),
})
export const Head = template.Head
export default template.Page
