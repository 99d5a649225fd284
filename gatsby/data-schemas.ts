/**
 * The shape of every data file in data/, written once as Yup schemas.
 * They validate each file during the build (see validate-data.ts) and are
 * turned into the GraphQL type definitions (see schema.ts), so the checks,
 * the schema and the component prop types cannot drift apart.
 */
import {
  array,
  boolean,
  number,
  object,
  string,
  type InferType,
  type AnyObject,
  type ObjectSchema,
  type ObjectShape,
} from "yup"
import { ICON_NAMES } from "../src/lib/icon-names"
import { WEEK } from "../src/lib/hours"
import { isGsm7, nonGsm7 } from "../supabase/functions/_shared/kernel/gsm7"

const text = () => string().trim().required()
const textList = () => array().of(text()).required().min(1)
/** Text an alert SMS carries: GSM-7 only, since one other character makes every SMS UCS-2 (2-3 times the segments). */
const smsText = () =>
  text().test(
    "gsm7",
    ({ path, value }: { path: string; value: unknown }) =>
      `${path} must use only GSM-7 characters in an SMS (plain quotes, "-" and "..." instead of typographic ones); not: ${nonGsm7(String(value)).join(" ")}`,
    // A missing text is required()'s to report.
    (value: unknown) => typeof value !== "string" || isGsm7(value),
  )
const routePath = () =>
  string()
    .required()
    .matches(
      /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/,
      "must be a site path such as /services/ants (lowercase, no trailing slash)",
    )
const slug = () =>
  string()
    .required()
    .matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and dashes")
const clockTime = () =>
  string()
    .required()
    .matches(/^(?:[01]\d|2[0-3]):[0-5]\d$/, "must be a 24-hour time such as 08:00")

/** Required, closed objects: a missing block or a misspelt key fails the build instead of being ignored. */
const strictObject = <S extends ObjectShape>(shape: S) =>
  object(shape)
    .noUnknown(({ unknown }: { unknown?: string }) => `has unknown field(s): ${unknown ?? ""}`)
    .required()

/** What a lead form shows once sent: sent, failed, or saved to be retried (pending). */
const formOutcomeTexts = {
  successTitle: text(),
  errorTitle: text(),
  errorText: text(),
  pendingTitle: text(),
  pendingText: text(),
}

export const URGENCY_LEVELS = ["Critical", "Urgent", "Immediate", "Seasonal", "Common Issue"] as const
export const HERO_VARIANTS = ["technician", "family"] as const
export const SEVERITIES = ["Low", "Medium", "High", "Critical"] as const
export const AGGRESSION_LEVELS = ["Low", "Moderate", "High"] as const
export const DANGER_LEVELS = ["Low", "Moderate", "Severe"] as const
export const SECTION_TYPES = ["species", "steps", "list", "facts", "callout", "areas", "options"] as const
/** Page templates a data/pages file may name; each is src/templates/<name>.tsx. */
export const PAGE_TEMPLATES = [
  "content-page",
  "offers-index",
  "scarsdale-offer",
  "home-page",
  "services-page",
  "plans-page",
  "about-page",
  "faq-page",
  "contact-page",
  "estimate-page",
  "office-link",
] as const

/** What an office link page does with its link: the two pages share one template (one chunk less on every page). */
export const OFFICE_LINKS = ["acknowledge", "release"] as const

const weekday = () =>
  string()
    .required()
    .oneOf([...WEEK])

const openingHours = () =>
  array()
    .of(strictObject({ days: array().of(weekday()).required().min(1), opens: clockTime(), closes: clockTime() }))
    .min(1)
/** A place in an ordered list, lowest first; equal places go by name, and 2.5 slots in between 2 and 3. */
const position = () =>
  number().typeError("must be a position number such as 3 (lower comes first)").min(0, "must be 0 or more")
const link = () => strictObject({ label: text(), path: routePath() })
const optionalText = () => string().trim().min(1)
const optionalList = () => array().of(text()).min(1)
const icon = () =>
  string()
    .required()
    .oneOf([...ICON_NAMES])
/**
 * An image file (a path relative to the YAML file) and its alt text. `folder` is where the content
 * editor puts uploads, from the repository root.
 */
const image = (folder: string) =>
  strictObject({
    src: string()
      .required()
      .matches(/\.(png|jpe?g|webp)$/, "must be a .png, .jpg or .webp file")
      .meta({ graphqlType: "File @fileByRelativePath", cmsMediaFolder: folder, cmsLabel: "Picture" }),
    alt: text().meta({ cmsLabel: "Alt text", cmsHint: "What the picture shows, for people who cannot see it." }),
  })
const card = () => strictObject({ icon: icon(), title: text(), text: text() })

/** One species of a pest page; which of the optional facts apply depends on the pest (SPEC §3). */
const speciesSchema = strictObject({
  name: text(),
  description: text(),
  severity: string().oneOf([...SEVERITIES]),
  season: optionalText(),
  dangerous: boolean(),
  locations: optionalList(),
  diseases: optionalList(),
  approach: optionalText(),
  aggression: string().oneOf([...AGGRESSION_LEVELS]),
  protected: boolean(),
  danger: string().oneOf([...DANGER_LEVELS]),
  damage: optionalText(),
  signs: optionalList(),
  bite: optionalText(),
  habitat: optionalText(),
})

/** What each section type needs besides its heading. */
const SECTION_CONTENT: Record<(typeof SECTION_TYPES)[number], string> = {
  species: "species",
  steps: "steps",
  list: "points",
  facts: "facts",
  callout: "body",
  areas: "areas",
  options: "options",
}

/** The fields besides its content each section type uses; the content editor shows only these for the type. */
const SECTION_EXTRAS: Record<(typeof SECTION_TYPES)[number], readonly string[]> = {
  species: ["heading", "intro"],
  steps: ["heading", "intro"],
  list: ["heading", "intro", "style"],
  facts: ["heading", "intro"],
  callout: ["heading", "intro", "tone", "icon", "points"],
  areas: ["heading", "intro"],
  options: ["heading", "intro"],
}

/** A block of a pest page. One shape for all types keeps the GraphQL schema flat; the test checks each type has its content. */
export const sectionSchema = strictObject({
  type: string()
    .required()
    .oneOf([...SECTION_TYPES]),
  heading: text(),
  intro: optionalText(),
  tone: string().oneOf(["info", "warning", "success"]),
  style: string().oneOf(["check", "warning", "tip"]),
  icon: string().oneOf([...ICON_NAMES]),
  body: optionalText(),
  points: optionalList(),
  steps: array()
    .of(strictObject({ title: text(), description: text() }))
    .min(1),
  facts: array()
    .of(strictObject({ value: text(), label: text() }))
    .min(1),
  species: array().of(speciesSchema).min(1),
  areas: array()
    .of(strictObject({ area: text(), description: text(), solutions: textList() }))
    .min(1),
  options: array()
    .of(
      strictObject({ name: text(), price: text(), description: text(), features: textList(), highlighted: boolean() }),
    )
    .min(1),
})
  .test("section-content", function (section) {
    const needed = SECTION_CONTENT[section.type]
    return needed && section[needed as keyof typeof section] === undefined
      ? this.createError({ path: `${this.path}.${needed}`, message: `is required for a "${section.type}" section` })
      : true
  })
  .meta({
    cmsVariants: {
      key: "type",
      fields: Object.fromEntries(SECTION_TYPES.map((type) => [type, [...SECTION_EXTRAS[type], SECTION_CONTENT[type]]])),
      required: SECTION_CONTENT,
    },
  })

const seoFields = {
  title: text().max(90, "must be at most 90 characters so search results show most of it"),
  keywords: textList(),
}

export const siteSchema = strictObject({
  name: text(),
  shortName: text(),
  tagline: text(),
  foundedYear: number().required().integer().min(1900).max(2100),
  yearsLabel: text(),
  phone: strictObject({
    display: text(),
    e164: string()
      .required()
      .matches(/^\+1\d{10}$/, "must be a US number in E.164 form such as +19145550123"),
  }),
  email: string().required().email("must be an e-mail address"),
  address: strictObject({
    street: text(),
    city: text(),
    region: string().required().length(2, "must be a two-letter state code"),
    postalCode: string()
      .required()
      .matches(/^\d{5}$/, "must be a five-digit ZIP code"),
    country: string().required().length(2, "must be a two-letter country code"),
  }),
  geo: strictObject({
    latitude: number().required().min(-90).max(90),
    longitude: number().required().min(-180).max(180),
  }),
  licenseNumber: text(),
  insuranceNote: text(),
  priceRange: text(),
  timeZone: text(),
  hours: openingHours().required(),
  sameDayService: strictObject({
    brand: text(),
    cutoffHour: number().required().integer().min(0).max(23),
    days: array().of(weekday()).required().min(1),
    banner: text(),
  }),
  serviceArea: textList(),
  footerTowns: textList(),
  serviceRadiusMeters: number().required().integer().positive(),
  customerPortal: strictObject({ label: text(), url: string().required().url("must be a full https:// address") }),
  /** What a lead from each form is worth to Ads and Analytics (generate_lead); offer pages use the offer's price. */
  leadValues: strictObject({
    currency: string()
      .required()
      .matches(/^[A-Z]{3}$/, "must be a three-letter currency code such as USD"),
    contact: number().required().positive(),
    estimate: number().required().positive(),
  }),
  tracking: strictObject({
    googleAnalyticsId: string()
      .defined()
      .matches(/^(G-[A-Z0-9]+)?$/, "must be empty or a G-… measurement ID"),
    googleAdsId: string()
      .defined()
      .matches(/^(AW-\d+)?$/, "must be empty or an AW-… conversion ID"),
    adsConversionLabel: string()
      .defined()
      .matches(/^[A-Za-z0-9_-]*$/, "must be empty or an Ads conversion label"),
  }),
})

export const navigationSchema = strictObject({
  main: array().of(link()).required().min(1),
  servicesMenu: strictObject({ label: text(), path: routePath(), allLabel: text() }),
  /** The pages buttons and breadcrumbs link to by their role; each must be a page of data/pages. */
  routes: strictObject({ home: link(), plans: link(), contact: link(), estimate: link() }),
  estimateCta: strictObject({ label: text(), mobileLabel: text() }),
  callCta: strictObject({ label: text() }),
  mobileTagline: text(),
  labels: strictObject({
    call: text(),
    openMenu: text(),
    closeMenu: text(),
    menu: text(),
    hours: text(),
    skipToContent: text(),
  }),
  footer: strictObject({
    servicesHeading: text(),
    allServicesLabel: text(),
    companyHeading: text(),
    company: array().of(link()).required().min(1),
    legal: array().of(link()).required().min(1),
    serviceAreaHeading: text(),
    contactHeading: text(),
    legalHeading: text(),
    licensedNote: text(),
    rightsReserved: text(),
  }),
})

export const pageSchema = strictObject({
  path: routePath(),
  template: string()
    .required()
    .oneOf([...PAGE_TEMPLATES]),
  ...seoFields,
  description: text().min(50).max(170, "must be at most 170 characters so search results show it whole"),
  noindex: boolean(),
  /** Also asks crawlers not to follow the page's links (the office's one-tap link pages). */
  nofollow: boolean(),
  /** An office-link page's action: "I'm on it" (acknowledge) or "Not spam" (release). */
  officeLink: string()
    .oneOf([...OFFICE_LINKS])
    .optional()
    .default(undefined),
  heading: text(),
  intro: text(),
  sections: array().of(strictObject({ heading: text(), paragraphs: textList() })),
})

export const pestSchema = strictObject({
  slug: slug(),
  name: text(),
  ...seoFields,
  description: text().min(50).max(170, "must be at most 170 characters so search results show it whole"),
  urgency: string()
    .required()
    .oneOf([...URGENCY_LEVELS]),
  heading: text(),
  intro: text(),
  /** The pest's picture; without one the page shows services-page.yaml's defaultPestImage. */
  image: image("src/images/pests").optional().default(undefined),
  /** Where the pest is listed besides its own page: positions, lowest first; leave one out to stay out of that list. */
  menu: strictObject({
    /** The /services grid and the header's Services dropdown. */
    services: position(),
    /** The footer's Services column. */
    footer: position(),
  })
    .optional()
    .default(undefined),
  /** The estimate wizard's pest choice (every pest is one); the backend accepts these labels. */
  estimate: strictObject({
    position: position(),
    /** The choice's label when it differs from `name`, e.g. "Roaches". */
    label: optionalText(),
    /** Shows the wizard's special-treatment warning when chosen. */
    specialTreatment: boolean(),
  })
    .optional()
    .default(undefined),
  /** The card on /services. */
  card: strictObject({ icon: icon(), description: text(), features: textList() }),
  sections: array().of(sectionSchema).required().min(3),
})

export const offerSchema = strictObject({
  key: string()
    .required()
    .matches(/^[a-z0-9]+$/, "must be lowercase letters and digits, such as yonkers39"),
  fallback: boolean(),
  city: text(),
  offerName: text(),
  price: string()
    .required()
    .matches(/^\$\d+(?:\.\d{2})?$/, "must be a dollar price such as $49"),
  couponCode: text(),
  phone: strictObject({
    display: text(),
    e164: string()
      .required()
      .matches(/^\+1\d{10}$/, "must be a US number in E.164 form"),
  })
    .optional()
    .default(undefined),
  email: string().email("must be an e-mail address"),
  /** Published hours for this offer's phone; site.yaml's when absent. */
  hours: openingHours().optional().default(undefined),
  title: text().max(90),
  metaDescription: text().min(50).max(170, "must be at most 170 characters so search results show it whole"),
  heroVariant: string()
    .required()
    .oneOf([...HERO_VARIANTS]),
  serviceAreas: textList(),
  customTestimonials: array()
    .of(strictObject({ quote: text(), name: text(), location: text() }))
    .required()
    .length(3, "must list exactly three testimonials"),
  utmSource: string().trim(),
  utmCampaign: string().trim(),
})

const labelledIcon = () => strictObject({ icon: icon(), label: text() })

/** The texts of every /offer/{key} page; {city}, {offerName}, {price}, {couponCode} and {phone} come from the offer. */
export const offerPageSchema = strictObject({
  topBar: strictObject({ callLabel: text(), couponNote: text() }),
  hero: strictObject({
    heading: text(),
    tagline: text(),
    priceLabel: text(),
    badges: array().of(labelledIcon()).required().length(3, "must list exactly three badges"),
    callLabel: text(),
    couponNote: text(),
  }),
  heroImages: array()
    .of(
      strictObject({
        variant: string()
          .required()
          .oneOf([...HERO_VARIANTS]),
        image: image("src/images/offers"),
      }),
    )
    .test("every-variant", `must have one image for each hero variant (${HERO_VARIANTS.join(", ")})`, (list) =>
      HERO_VARIANTS.every((variant) => list?.filter((entry) => entry.variant === variant).length === 1),
    )
    .required(),
  exclusions: strictObject({ label: text(), items: textList() }),
  whatYouGet: strictObject({
    heading: text(),
    cards: array().of(card()).required().length(3, "must list exactly three cards"),
  }),
  protection: strictObject({
    heading: text(),
    intro: text(),
    plans: array()
      .of(strictObject({ plan: slug(), summary: text(), points: textList() }))
      .required()
      .length(3, "must list exactly three plans"),
  }),
  testimonials: strictObject({ heading: text() }),
  trustBadges: array().of(labelledIcon()).required().min(1),
  callback: strictObject({
    heading: text(),
    intro: text(),
    nameLabel: text(),
    phoneLabel: text(),
    addressLabel: text(),
    cityLabel: text(),
    notesLabel: text(),
    submitLabel: text(),
    submittingLabel: text(),
    ...formOutcomeTexts,
    successText: text(),
  }),
  thankYou: strictObject({
    heading: text(),
    text: text(),
    hoursHeading: text(),
    emergencyText: text(),
    callLabel: text(),
  }),
  faq: strictObject({
    heading: text(),
    items: array()
      .of(strictObject({ question: text(), answer: text() }))
      .required()
      .length(4, "must list exactly four questions"),
  }),
  footer: strictObject({ websiteLabel: text(), hoursHeading: text(), areasHeading: text() }),
  mobileBar: strictObject({ callText: text(), callLabel: text() }),
  exitIntent: strictObject({ heading: text(), text: text(), callLabel: text(), continueLabel: text() }),
})

/** The internal notes of /offers. */
export const offersIndexSchema = strictObject({
  cardLabels: strictObject({ price: text(), couponCode: text(), phone: text(), heroVariant: text(), open: text() }),
  features: strictObject({
    heading: text(),
    groups: array()
      .of(strictObject({ heading: text(), items: textList() }))
      .required()
      .min(1),
  }),
  addCity: strictObject({ heading: text(), intro: text(), steps: textList(), exampleHeading: text(), example: text() }),
})

/** A customer's words with their star rating: one GraphQL type wherever a file lists them. */
const testimonial = () =>
  strictObject({
    quote: text(),
    name: text(),
    location: text(),
    rating: number().required().integer().min(1).max(5),
  }).meta({ graphqlName: "Testimonial" })

/** The $49 Scarsdale landing page; {phone}, {yearsLabel} and {foundedYear} come from site.yaml. */
export const scarsdaleOfferSchema = strictObject({
  hero: strictObject({
    eyebrow: text(),
    heading: text(),
    intro: text(),
    price: text(),
    regularValue: text(),
    saving: text(),
    spotsRemaining: text(),
    countdownLabel: text(),
    countdownStart: string()
      .required()
      .matches(/^\d{2}:[0-5]\d:[0-5]\d$/, "must be hours:minutes:seconds such as 23:59:59"),
    bookLabel: text(),
    callLabel: text(),
  }),
  featuredTestimonial: testimonial(),
  included: strictObject({ heading: text(), items: textList() }),
  disclaimer: strictObject({ heading: text(), items: textList() }),
  form: strictObject({
    heading: text(),
    intro: text(),
    fullNameLabel: text(),
    phoneLabel: text(),
    emailLabel: text(),
    addressLabel: text(),
    addressPlaceholder: text(),
    submitLabel: text(),
    busyLabel: text(),
    ...formOutcomeTexts,
    successText: text(),
  }),
  booking: strictObject({
    city: text(),
    zipCode: string()
      .required()
      .matches(/^\d{5}$/, "must be a 5-digit ZIP code"),
    specialOffer: text(),
    conversionValue: number().required().positive(),
  }),
  trustBadges: array().of(labelledIcon()).required().min(1),
  testimonials: strictObject({
    heading: text(),
    items: array().of(testimonial()).required().length(3, "must list exactly three testimonials"),
  }),
  credentials: strictObject({
    heading: text(),
    licenseLabel: text(),
    insuranceLabel: text(),
    yearsLabel: text(),
    yearsText: text(),
  }),
  stickyCall: strictObject({ label: text() }),
  exitIntent: strictObject({ heading: text(), text: text(), callLabel: text(), closeLabel: text() }),
  thankYou: strictObject({
    heading: text(),
    text: text(),
    nextHeading: text(),
    nextSteps: textList(),
    emergencyText: text(),
  }),
})

export const notFoundSchema = strictObject({
  ...seoFields,
  keywords: array().of(text()),
  description: text(),
  heading: text(),
  message: text(),
  homeLabel: text(),
  contactLabel: text(),
  contactPath: routePath(),
  callPrompt: text(),
})

const optionLabel = () => strictObject({ label: text(), priceNote: text() })

export const estimateOptionsSchema = strictObject({
  propertyTypes: array()
    .of(strictObject({ id: slug(), label: text() }))
    .required()
    .min(1),
  servicePlans: array()
    .of(strictObject({ id: slug(), name: text(), badge: text(), annual: boolean().required() }))
    .required()
    .min(1),
  additionalPests: array()
    .of(strictObject({ value: number().required().integer().min(0), label: text() }))
    .required()
    .min(1),
  sameDay: optionLabel(),
  quickKnock: optionLabel(),
  validityHours: number().required().integer().min(1),
})

export const leadMessagesSchema = strictObject({
  responses: strictObject({
    contact: text(),
    estimateLead: text(),
    estimateRequest: text(),
    estimateConfirmation: text(),
    booking: text(),
    callback: text(),
  }),
  turnstile: strictObject({
    label: text(),
    description: text(),
    missing: text(),
    failed: text(),
    unavailable: text(),
    notLoaded: text(),
  }),
  companyEmail: strictObject({
    contactSubject: text(),
    leadSubject: text(),
    intro: text(),
    kindLabels: strictObject({ contact: text(), estimate: text(), booking: text(), callback: text() }),
    origin: strictObject({
      heading: text(),
      firstTouch: text(),
      lastTouch: text(),
      none: text(),
      // One label per field of a touch (supabase/functions/_shared/kernel/attribution.ts).
      touchLabels: strictObject({
        utm_source: text(),
        utm_medium: text(),
        utm_campaign: text(),
        utm_term: text(),
        utm_content: text(),
        gclid: text(),
        gbraid: text(),
        wbraid: text(),
        fbclid: text(),
        msclkid: text(),
        referrer: text(),
        landing_path: text(),
        at: text(),
      }),
    }),
    consent: strictObject({
      heading: text(),
      agreed: text(),
      version: text(),
      at: text(),
      sms: text(),
      smsYes: text(),
      smsNo: text(),
      none: text(),
    }),
  }),
  // One label per flag code (supabase/functions/_shared/lead-flags.ts' LEAD_FLAG_CODES).
  flags: strictObject({
    heading: text(),
    note: text(),
    labels: strictObject({
      unknown_value: text(),
      origin_not_allowed: text(),
      apikey_mismatch: text(),
      turnstile_unverified: text(),
      time_out_of_range: text(),
    }),
  }),
  customerEmail: strictObject({
    estimateSubject: text(),
    estimateIntro: text(),
    estimateNextSteps: textList(),
    bookingSubject: text(),
    bookingIntro: text(),
    bookingNextSteps: textList(),
    signOff: text(),
  }),
  officeAlerts: strictObject({
    // smsText: an SMS carries it (with the visitor's words transliterated to GSM-7 around it).
    newSubject: smsText(),
    escalatedSubject: smsText(),
    escalatedNote: smsText(),
    intro: text(),
    acknowledgeLabel: smsText(),
    inboxName: text(),
    callLabel: text(),
    rowLabels: strictObject({
      request: smsText(),
      phone: smsText(),
      source: smsText(),
      received: text(),
      reference: text(),
    }),
    sources: strictObject({
      website_estimate: smsText(),
      scarsdale_49_offer: smsText(),
      offer_callback: smsText(),
      contact: smsText(),
    }),
    summarySubject: smsText(),
    summaryIntro: text(),
    summaryMore: smsText(),
    acknowledgeAllLabel: smsText(),
    budgetSummary: smsText(),
    budgetChannels: strictObject({ sms: smsText(), chat: smsText() }),
    budgetWindows: strictObject({ hour: text(), day: text() }),
    budgetSubject: text(),
    budgetIntro: text(),
    spamDigestSubject: text(),
    spamDigestIntro: text(),
    notSpamLabel: text(),
    spamFloodsHeading: text(),
    spamFloodLabel: text(),
    spamFloodValue: text(),
    spamFloodKept: text(),
    spamMoreHeading: text(),
    spamMoreNote: text(),
    spamMoreValue: text(),
    spamReasons: strictObject({
      honeypot: text(),
      too_fast: text(),
      impossible_fill_time: text(),
      turnstile_failed: text(),
    }),
    deadSubject: smsText(),
    deadIntro: text(),
    deadReannounced: smsText(),
    deadWhat: strictObject({
      alert_sms: smsText(),
      alert_chat: smsText(),
      alert_email: smsText(),
      company_email: smsText(),
      customer_email: smsText(),
      crm_forward: smsText(),
    }),
    deadRows: strictObject({ error: smsText(), message: text() }),
    linkAnswers: strictObject({ invalid: text(), expired: text(), notFound: text() }),
  }),
})

/** The closing call to action of a page: one GraphQL type wherever a page has one. */
const ctaSchema = strictObject({ heading: text(), text: text(), primaryLabel: text(), secondaryLabel: text() }).meta({
  graphqlName: "CallToAction",
})

export const plansSchema = strictObject({
  plans: array()
    .of(
      strictObject({
        id: slug(),
        name: text(),
        badge: text(),
        tagline: text(),
        description: text(),
        features: textList(),
        notIncluded: array().of(text()).required(),
        idealFor: text(),
      }),
    )
    .required()
    .length(4, "must list the four plans"),
  customPricing: text(),
  validityNote: text(),
  everyPlanHeading: text(),
  everyPlanIncludes: textList(),
  idealForLabel: text(),
  includedLabel: text(),
  notIncludedLabel: text(),
  estimateLabel: text(),
  contactLabel: text(),
})

export const homeSchema = strictObject({
  badge: text(),
  heroImage: image("src/images"),
  estimateLabel: text(),
  plansLabel: text(),
  callLabel: text(),
  trustHeading: text(),
  trustCards: array().of(card()).required().length(4, "must have four trust cards"),
  plansHeading: text(),
  plansIntro: text(),
  planCardLabel: text(),
  allPlansLabel: text(),
  cta: ctaSchema,
})

export const servicesPageSchema = strictObject({
  gridHeading: text(),
  /** The picture of a pest page whose file names none. */
  defaultPestImage: image("src/images/pests"),
  learnMoreLabel: text(),
  plansHeading: text(),
  planSummaries: array()
    .of(strictObject({ planId: slug(), summary: text() }))
    .required()
    .length(3, "must summarise three plans"),
  plansLinkLabel: text(),
  reasonsHeading: text(),
  reasons: array().of(card()).required().length(4, "must give four reasons"),
  cta: ctaSchema,
})

export const aboutSchema = strictObject({
  storyHeading: text(),
  story: textList(),
  factsHeading: text(),
  quickFacts: array()
    .of(strictObject({ value: text(), label: text() }))
    .required()
    .min(3),
  valuesHeading: text(),
  values: array().of(card()).required().length(4, "must list four values"),
  doHeading: text(),
  weDo: textList(),
  dontHeading: text(),
  weDont: textList(),
  cta: ctaSchema,
})

export const faqSchema = strictObject({
  quickActions: array()
    .of(
      strictObject({
        icon: icon(),
        title: text(),
        text: text(),
        label: text(),
        action: string().required().oneOf(["call", "estimate", "contact"]),
      }),
    )
    .required()
    .length(3, "must have the three quick actions"),
  questionsHeading: text(),
  questions: array()
    .of(strictObject({ question: text(), answer: text() }))
    .required()
    .length(12, "must have twelve questions"),
})

export const contactPageSchema = strictObject({
  formHeading: text(),
  formIntro: text(),
  whyHeading: text(),
  whyPoints: array().of(text()).required().length(4, "must have four points"),
  phoneLabel: text(),
  emailLabel: text(),
  areaLabel: text(),
  areaSummary: text(),
  hoursLabel: text(),
  sameDay: strictObject({ heading: text(), text: text(), callLabel: text() }),
  serviceAreaHeading: text(),
  serviceAreaPlaces: textList(),
  serviceAreaNote: text(),
  form: strictObject({
    nameLabel: text(),
    emailLabel: text(),
    phoneLabel: text(),
    messageLabel: text(),
    messagePlaceholder: text(),
    submitLabel: text(),
    sendingLabel: text(),
    ...formOutcomeTexts,
  }),
})

export const estimateWizardSchema = strictObject({
  stepTitles: array().of(text()).required().length(7, "must name the seven steps"),
  /** Analytics' names of the seven steps and the thank-you view (wizard_step events). */
  stepNames: array()
    .of(
      string()
        .required()
        .matches(/^[a-z][a-z0-9_]*$/, "must be a snake_case event value"),
    )
    .required()
    .length(8, "must name the seven steps and the thank-you view"),
  progress: text(),
  percentComplete: text(),
  previousLabel: text(),
  nextLabel: text(),
  callPrompt: text(),
  callLabel: text(),
  pestsHint: text(),
  additionalPestsLabel: text(),
  sameDayHint: text(),
  quickKnockHint: text(),
  sameDayUnavailable: text(),
  requiredNote: text(),
  fieldLabels: strictObject({
    fullName: text(),
    phone: text(),
    email: text(),
    streetAddress: text(),
    city: text(),
    state: text(),
    zipCode: text(),
  }),
  reviewLabels: strictObject({
    propertyType: text(),
    servicePlan: text(),
    pests: text(),
    additionalPests: text(),
    sameDayService: text(),
    quickKnock: text(),
    contact: text(),
    address: text(),
  }),
  yesLabel: text(),
  noLabel: text(),
  submitLabel: text(),
  submittingLabel: text(),
  warningTitle: text(),
  warningText: text(),
  referenceLabel: text(),
  thankYou: strictObject({
    heading: text(),
    intro: text(),
    nextHeading: text(),
    nextSteps: textList(),
    againLabel: text(),
  }),
  toasts: strictObject({
    successTitle: text(),
    successText: text(),
    crmPrefix: string().required(),
    leadPrefix: string().required(),
    allFailedTitle: text(),
    allFailedText: text(),
    errorTitle: text(),
    errorText: text(),
  }),
})

const headingAndText = () => strictObject({ heading: text(), text: text() })

/** What the office's one-tap pages say in each state of a link; {placeholders} come from the backend's answer. */
const officeActionTexts = () =>
  strictObject({
    readyHeading: text(),
    readyText: text(),
    confirmLabel: text(),
    confirmingLabel: text(),
    doneHeading: text(),
    doneText: text(),
    alreadyHeading: text(),
    alreadyText: text(),
  })

/** The texts of /office/acknowledge/ and /office/release/, the pages the office's alerts and spam digest link to. */
export const officeLinksSchema = strictObject({
  checking: text(),
  retryLabel: text(),
  incomplete: headingAndText(),
  invalid: headingAndText(),
  expired: headingAndText(),
  notFound: headingAndText(),
  failed: headingAndText(),
  labels: strictObject({
    kind: text(),
    name: text(),
    phone: text(),
    request: text(),
    received: text(),
    reference: text(),
    reason: text(),
    sentTo: text(),
    acknowledgedBy: text(),
    acknowledgedAt: text(),
    releasedAt: text(),
  }),
  acknowledge: officeActionTexts().shape({ someone: text(), callLabel: text() }),
  // A summary's "I'm on all N" link: {count}, {waiting} and {to} are filled in.
  acknowledgeAll: officeActionTexts().shape({ takenBy: text() }),
  release: officeActionTexts(),
})

const versionId = () =>
  string()
    .required()
    .matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a version id of lowercase letters, digits and dashes")

/** Consent versions: ids unique and `current` one of them, so a stored lead's version can always be read back. */
const uniqueIds = (list: readonly { id: string }[] | undefined) => new Set(list?.map((v) => v.id)).size === list?.length
const currentListed = (value: { current: string; versions: readonly { id: string }[] }) =>
  value.versions.some((version) => version.id === value.current)
const CURRENT_MESSAGE = "current must be the id of one of the versions"
const UNIQUE_MESSAGE = "has the same version id twice"

/** What a visitor agrees to by sending a lead form, and the optional SMS opt-in, each by version. */
export const leadConsentSchema = strictObject({
  current: versionId(),
  versions: array()
    .of(strictObject({ id: versionId(), text: text() }))
    .required()
    .min(1)
    .test("unique-ids", UNIQUE_MESSAGE, uniqueIds),
  sms: strictObject({
    current: versionId(),
    versions: array()
      .of(strictObject({ id: versionId(), label: text(), text: text() }))
      .required()
      .min(1)
      .test("unique-ids", UNIQUE_MESSAGE, uniqueIds),
    links: array().of(link()).required().min(1),
  }).test("current-listed", CURRENT_MESSAGE, currentListed),
}).test("current-listed", CURRENT_MESSAGE, currentListed)

export const testimonialsSchema = strictObject({
  heading: text(),
  items: array().of(testimonial()).required().min(3),
})

export type SiteFacts = InferType<typeof siteSchema>
export type LeadConsent = InferType<typeof leadConsentSchema>
export type Navigation = InferType<typeof navigationSchema>
export type PageRecord = InferType<typeof pageSchema>
export type PestRecord = InferType<typeof pestSchema>
export type OfferRecord = InferType<typeof offerSchema>
export type Weekday = (typeof WEEK)[number]
export type Urgency = (typeof URGENCY_LEVELS)[number]

/** Where a kind of data file sits in the content editor (/admin/): its group and its name there. */
export interface CmsPlacement {
  /** The editor's collection for one-file kinds; folder kinds are a collection each. */
  group: "settings" | "pageTexts" | "offers" | "forms"
  label: string
  /** For a folder kind: what one entry is called ("Pest page"), and how the entry list names each. */
  singular?: string
  summary?: string
}

/** What a data file holds, and the GraphQL node type it becomes. */
export interface DataFileKind {
  typeName: string
  schema: ObjectSchema<AnyObject>
  /** Which files of data/ hold this kind (relative path). */
  matches: (relativePath: string) => boolean
  /** The field that names an entry in error messages. */
  entryKey?: string
  /** The one file (oneFile) or the folder (fileEach) of data/ the kind lives in. */
  file?: string
  folder?: string
  cms: CmsPlacement
}

/** Gatsby's name for the node type of a data file (gatsby-transformer-yaml): contact-page.yaml → ContactPageYaml. */
const nodeTypeOf = (file: string): string =>
  `${file
    .replace(/\.ya?ml$/, "")
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("")}Yaml`

/** A kind that one file of data/ holds. */
const oneFile = (file: string, schema: ObjectSchema<AnyObject>, cms: CmsPlacement): DataFileKind => ({
  typeName: nodeTypeOf(file),
  schema,
  matches: (relativePath) => relativePath === file,
  file,
  cms,
})

/** A kind with a file for each entry in a folder of data/, named in error messages by `entryKey`. */
const fileEach = (
  folder: string,
  typeName: string,
  schema: ObjectSchema<AnyObject>,
  entryKey: string,
  cms: CmsPlacement,
): DataFileKind => ({
  typeName,
  schema,
  matches: (relativePath) => new RegExp(`^${folder}/[^/]+\\.ya?ml$`).test(relativePath),
  entryKey,
  folder,
  cms,
})

export const DATA_FILE_KINDS: readonly DataFileKind[] = [
  oneFile("site.yaml", siteSchema, { group: "settings", label: "Company facts, hours and tracking" }),
  oneFile("navigation.yaml", navigationSchema, { group: "settings", label: "Menus and footer" }),
  oneFile("plans.yaml", plansSchema, { group: "settings", label: "Service plans" }),
  oneFile("testimonials.yaml", testimonialsSchema, { group: "settings", label: "Testimonials" }),
  oneFile("faq.yaml", faqSchema, { group: "pageTexts", label: "FAQ page" }),
  oneFile("home.yaml", homeSchema, { group: "pageTexts", label: "Home page" }),
  oneFile("services-page.yaml", servicesPageSchema, { group: "pageTexts", label: "Services page" }),
  oneFile("about.yaml", aboutSchema, { group: "pageTexts", label: "About page" }),
  oneFile("contact-page.yaml", contactPageSchema, { group: "pageTexts", label: "Contact page" }),
  oneFile("not-found.yaml", notFoundSchema, { group: "pageTexts", label: "Page not found" }),
  oneFile("offers-index.yaml", offersIndexSchema, { group: "offers", label: "Offers overview (/offers/)" }),
  oneFile("offer-page.yaml", offerPageSchema, { group: "offers", label: "Texts of every city offer page" }),
  oneFile("scarsdale-offer.yaml", scarsdaleOfferSchema, { group: "offers", label: "$49 Scarsdale offer page" }),
  oneFile("estimate-options.yaml", estimateOptionsSchema, { group: "forms", label: "Estimate choices" }),
  oneFile("estimate-wizard.yaml", estimateWizardSchema, { group: "forms", label: "Estimate wizard texts" }),
  oneFile("lead-messages.yaml", leadMessagesSchema, { group: "forms", label: "Form answers, e-mails and alerts" }),
  oneFile("lead-consent.yaml", leadConsentSchema, { group: "forms", label: "Consent and SMS opt-in texts" }),
  oneFile("office-links.yaml", officeLinksSchema, { group: "forms", label: "Office link pages" }),
  fileEach("pages", "PageYaml", pageSchema, "path", {
    group: "pageTexts",
    label: "Pages",
    singular: "Page",
    summary: "{{fields.heading}} ({{fields.path}})",
  }),
  fileEach("pests", "PestYaml", pestSchema, "slug", {
    group: "settings",
    label: "Pest pages",
    singular: "Pest page",
    summary: "{{fields.name}}",
  }),
  fileEach("offers", "OfferYaml", offerSchema, "key", {
    group: "offers",
    label: "City offers",
    singular: "City offer",
    summary: "{{fields.city}}: {{fields.offerName}} ({{fields.price}})",
  }),
]

export const findDataFileKind = (relativePath: string): DataFileKind | undefined =>
  DATA_FILE_KINDS.find((kind) => kind.matches(relativePath))
