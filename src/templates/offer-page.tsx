import { graphql } from "gatsby"
import type { HeroPicture, OfferDetails } from "../components/offer/types"
import { OfferLanding } from "../components/offer/offer-landing"
import { standaloneTemplate, type Found } from "../components/page/template"
import type { Company } from "../hooks/use-site-data"
import { scheduleOf } from "../lib/holidays"
import { filledOfferTexts, offerText } from "../lib/offer-text"
import { priceAmount } from "../lib/price"
import { offerBusinessJsonLd } from "../lib/offer-structured-data"

export const query = graphql`
  query OfferPage($key: String!, $lang: String!) {
    ...ArrivalWindowTexts
    offerYaml(pageKey: { eq: $key }, lang: { eq: $lang }) {
      ...OfferHeadline
      phone {
        display
        e164
      }
      email
      hours {
        days
        opens
        closes
      }
      hoursLines {
        days
        time
      }
      title
      metaDescription
      heroVariant
      serviceAreas
      customTestimonials {
        quote
        name
        location
      }
      utmSource
      utmCampaign
    }
    offerPageYaml(lang: { eq: $lang }) {
      topBar {
        callLabel
        couponNote
      }
      hero {
        heading
        tagline
        priceLabel
        badges {
          icon
          label
        }
        callLabel
        couponNote
      }
      heroImages {
        variant
        image {
          alt
          src {
            childImageSharp {
              gatsbyImageData(width: 640, layout: CONSTRAINED, placeholder: DOMINANT_COLOR, formats: [AUTO, WEBP])
            }
          }
          ...SocialPicture
        }
      }
      exclusions {
        label
        items
      }
      whatYouGet {
        heading
        cards {
          icon
          title
          text
        }
      }
      protection {
        heading
        intro
        plans {
          plan
          summary
          points
        }
      }
      testimonials {
        heading
      }
      trustBadges {
        icon
        label
      }
      callback {
        heading
        intro
        fields {
          ...RequestField
        }
        submitLabel
        submittingLabel
        ...FormOutcome
        successText
      }
      thankYou {
        heading
        text
        hoursHeading
        emergencyText
        callLabel
      }
      faq {
        heading
        items {
          question
          answer
        }
      }
      footer {
        websiteLabel
        hoursHeading
        areasHeading
      }
      mobileBar {
        callText
        callLabel
      }
      exitIntent {
        heading
        text
        callLabel
        continueLabel
      }
    }
    plansYaml(lang: { eq: $lang }) {
      plans {
        id
        name
        badge
      }
    }
  }
`

type Data = Found<Queries.OfferPageQuery>

/**
 * The offer with site.yaml's phone, e-mail and hours wherever the offer file does not set its own, and its
 * texts' {price}, {couponCode}… filled: what the page, its <title>, description and JSON-LD all show.
 */
const filledOffer = (offer: Data["offerYaml"], company: Company) =>
  filledOfferTexts({ ...offer, phone: offer.phone ?? company.phone, email: offer.email ?? company.email })

const offerDetails = (offer: ReturnType<typeof filledOffer>, company: Company): OfferDetails => ({
  ...offer,
  hours: offer.hoursLines ?? company.hoursLines,
  testimonials: offer.customTestimonials,
})

/** The hero picture data/offer-page.yaml lists for the offer's heroVariant: on the page and in its shared links. */
const heroImage = (texts: Data["offerPageYaml"], variant: string) =>
  texts.heroImages.find((candidate) => candidate.variant === variant)?.image

function heroPicture(texts: Data["offerPageYaml"], variant: string): HeroPicture | null {
  const image = heroImage(texts, variant)
  const data = image?.src.childImageSharp?.gatsbyImageData
  return image && data ? { image: data, alt: image.alt } : null
}

const template = standaloneTemplate<Queries.OfferPageQuery>({
  content: (
    { offerYaml: offer, offerPageYaml: texts, plansYaml, arrivalWindowsYaml },
    { company, logo, navigation, siteUrl, adsConversionTarget },
  ) => {
    const plans = texts.protection.plans.flatMap((card) => {
      const plan = plansYaml.plans.find((p) => p.id === card.plan)
      return plan ? [{ name: plan.name, badge: plan.badge, summary: card.summary, points: card.points }] : []
    })
    return (
      <OfferLanding
        offer={offerDetails(filledOffer(offer, company), company)}
        texts={texts}
        windowTexts={arrivalWindowsYaml.texts}
        plans={plans}
        picture={heroPicture(texts, offer.heroVariant)}
        company={company}
        holidays={{ schedule: scheduleOf(company), texts: company.closedTexts }}
        logo={logo}
        siteUrl={siteUrl}
        conversion={{ sendTo: adsConversionTarget, value: priceAmount(offer.price) }}
        skipToContent={navigation.labels.skipToContent}
        dismissLabel={navigation.labels.dismiss}
      />
    )
  },
  /** Title, description and social tags from the offer; the canonical is the offer's own page, also when the fallback route shows it. */
  seo: ({ offerYaml: offer, offerPageYaml: texts }, { company, siteUrl }) => {
    const filled = filledOffer(offer, company)
    const details = offerDetails(filled, company)
    const path = offer.route
    return {
      title: filled.title,
      description: filled.metaDescription,
      path,
      image: heroImage(texts, offer.heroVariant),
      businessJsonLd: offerBusinessJsonLd(
        { ...details, description: offerText(texts.hero.tagline, details) },
        company,
        siteUrl,
        `${siteUrl}${path}`,
      ),
    }
  },
})
export const Head = template.Head
export default template.Page
