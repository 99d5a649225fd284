import { priceAmount } from "./price"
import type { JsonLd } from "./json-ld"
import type { BusinessFacts } from "./structured-data"

// Apart from structured-data.ts: only the offer pages need it, and every other page loads that file.
export interface OfferFacts {
  readonly key: string
  readonly city: string
  readonly offerName: string
  readonly price: string
  readonly description: string
  readonly phone: { readonly e164: string }
  readonly email: string
}

/**
 * schema.org LocalBusiness for a city offer page: the company as it serves
 * that town, with one Offer whose price is a number in USD.
 */
export function offerBusinessJsonLd(
  offer: OfferFacts,
  company: Pick<BusinessFacts, "name" | "priceRange" | "geo" | "address"> & { readonly serviceRadiusMeters: number },
  siteUrl: string,
  pageUrl: string,
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${siteUrl}/#business`,
    name: company.name,
    url: pageUrl,
    telephone: offer.phone.e164,
    email: offer.email,
    priceRange: company.priceRange,
    address: {
      "@type": "PostalAddress",
      addressLocality: offer.city,
      addressRegion: company.address.region,
      addressCountry: company.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: company.geo.latitude, longitude: company.geo.longitude },
    areaServed: {
      "@type": "GeoCircle",
      geoMidpoint: { "@type": "GeoCoordinates", latitude: company.geo.latitude, longitude: company.geo.longitude },
      geoRadius: company.serviceRadiusMeters,
    },
    makesOffer: {
      "@type": "Offer",
      name: `${offer.offerName} (${offer.city})`,
      description: offer.description,
      price: priceAmount(offer.price),
      priceCurrency: "USD",
      url: pageUrl,
    },
  }
}
