import type { Testimonial } from "../ui/testimonials"
import type { LabelledIcon } from "../ui/trust-badges"

/** The texts of data/scarsdale-offer.yaml, as the page component takes them. */
export interface HeroTexts {
  readonly eyebrow: string
  readonly heading: string
  readonly intro: string
  readonly price: string
  readonly regularValue: string
  readonly saving: string
  readonly spotsRemaining: string
  readonly countdownLabel: string
  readonly countdownStart: string
  readonly bookLabel: string
  readonly callLabel: string
}

export interface BookingFormTexts {
  readonly heading: string
  readonly intro: string
  readonly fullNameLabel: string
  readonly phoneLabel: string
  readonly emailLabel: string
  readonly addressLabel: string
  readonly addressPlaceholder: string
  readonly submitLabel: string
  readonly busyLabel: string
  readonly successTitle: string
  readonly successText: string
  readonly errorTitle: string
  readonly errorText: string
  readonly pendingTitle: string
  readonly pendingText: string
}

/** What every booking sends whatever the visitor types, and its Ads conversion value. */
export interface BookingValues {
  readonly city: string
  readonly zipCode: string
  readonly specialOffer: string
  readonly conversionValue: number
}

export interface ThankYouTexts {
  readonly heading: string
  readonly text: string
  readonly nextHeading: string
  readonly nextSteps: readonly string[]
  readonly emergencyText: string
}

export interface ExitIntentTexts {
  readonly heading: string
  readonly text: string
  readonly callLabel: string
  readonly closeLabel: string
}

export interface CredentialsTexts {
  readonly heading: string
  readonly licenseLabel: string
  readonly insuranceLabel: string
  readonly yearsLabel: string
  readonly yearsText: string
}

export interface ScarsdaleOfferContent {
  readonly hero: HeroTexts
  readonly featuredTestimonial: Testimonial
  readonly included: { readonly heading: string; readonly items: readonly string[] }
  readonly disclaimer: { readonly heading: string; readonly items: readonly string[] }
  readonly form: BookingFormTexts
  readonly booking: BookingValues
  readonly trustBadges: readonly LabelledIcon[]
  readonly testimonials: { readonly heading: string; readonly items: readonly Testimonial[] }
  readonly credentials: CredentialsTexts
  readonly stickyCall: { readonly label: string }
  readonly exitIntent: ExitIntentTexts
  readonly thankYou: ThankYouTexts
}

export interface PhoneNumber {
  readonly display: string
  readonly e164: string
}

/** The company facts the page shows, from data/site.yaml. */
export interface CompanyFacts {
  readonly phone: PhoneNumber
  readonly licenseNumber: string
  readonly insuranceNote: string
  readonly yearsLabel: string
  readonly foundedYear: number
}
