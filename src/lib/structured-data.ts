import { openingHoursSpecification, type OpeningHours } from "./hours"

export interface BusinessFacts {
  readonly name: string
  readonly phone: { readonly e164: string }
  readonly email: string
  readonly foundedYear: number
  readonly priceRange: string
  readonly address: { readonly street: string; readonly city: string; readonly region: string; readonly postalCode: string; readonly country: string }
  readonly geo: { readonly latitude: number; readonly longitude: number }
  readonly hours: readonly OpeningHours[]
  readonly serviceArea: readonly string[]
}

export type JsonLd = Record<string, unknown>

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
    areaServed: company.serviceArea.map((town) => ({ "@type": "City", name: `${town}, ${company.address.region}` })),
  }
}

/** Serialises JSON-LD for a <script> element; "<" is escaped so data can never close the tag. */
export const serializeJsonLd = (data: JsonLd) => JSON.stringify(data).replace(/</g, "\\u003c")
