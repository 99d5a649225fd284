import { specialOpeningHoursSpecification, type ClosedDate } from "./holidays"
import { openingHoursSpecification, type OpeningHours } from "./hours"
import type { JsonLd } from "./json-ld"
import { LANGUAGES, LANGUAGE_FORMS } from "../../supabase/functions/_shared/kernel/languages"

export interface BusinessFacts {
  readonly name: string
  readonly phone: { readonly e164: string }
  readonly email: string
  readonly foundedYear: number
  readonly priceRange: string
  readonly address: {
    readonly street: string
    readonly city: string
    readonly region: string
    readonly postalCode: string
    readonly country: string
  }
  readonly geo: { readonly latitude: number; readonly longitude: number }
  readonly hours: readonly OpeningHours[]
  readonly closedDates: readonly ClosedDate[]
  readonly serviceArea: readonly string[]
}

/** schema.org LocalBusiness for the company, from data/site.yaml. */
export function localBusinessJsonLd(company: BusinessFacts, siteUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${siteUrl}/#business`,
    name: company.name,
    url: `${siteUrl}/`,
    telephone: company.phone.e164,
    email: company.email,
    foundingDate: String(company.foundedYear),
    priceRange: company.priceRange,
    // The office answers in every language the site speaks.
    knowsLanguage: LANGUAGES.map((language) => LANGUAGE_FORMS[language].tag),
    address: {
      "@type": "PostalAddress",
      streetAddress: company.address.street,
      addressLocality: company.address.city,
      addressRegion: company.address.region,
      postalCode: company.address.postalCode,
      addressCountry: company.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: company.geo.latitude, longitude: company.geo.longitude },
    openingHoursSpecification: openingHoursSpecification(company.hours),
    // Holidays override the weekly hours on their date (schema.org's special opening hours).
    ...(company.closedDates.length > 0
      ? { specialOpeningHoursSpecification: specialOpeningHoursSpecification(company.closedDates) }
      : {}),
    areaServed: company.serviceArea.map((town) => ({ "@type": "City", name: `${town}, ${company.address.region}` })),
  }
}

/** schema.org BreadcrumbList for a trail of pages. */
export const breadcrumbJsonLd = (items: ReadonlyArray<{ label: string; path: string }>, siteUrl: string): JsonLd => ({
  "@context": "https://schema.org",
  "@type": "BreadcrumbList",
  itemListElement: items.map((item, i) => ({
    "@type": "ListItem",
    position: i + 1,
    name: item.label,
    item: `${siteUrl}${item.path.endsWith("/") ? item.path : `${item.path}/`}`,
  })),
})

/** schema.org FAQPage for the questions and answers of a page. */
export const faqJsonLd = (questions: ReadonlyArray<{ question: string; answer: string }>): JsonLd => ({
  "@context": "https://schema.org",
  "@type": "FAQPage",
  mainEntity: questions.map((q) => ({
    "@type": "Question",
    name: q.question,
    acceptedAnswer: { "@type": "Answer", text: q.answer },
  })),
})
