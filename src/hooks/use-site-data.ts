import { graphql, useStaticQuery } from "gatsby"
import type { Language } from "../lib/i18n/language"

/**
 * Company facts, menus and the pests (with where each is listed) shared by the layout and the Seo component, in
 * the page's language. A static query cannot take the page's language, so it reads every language's and keeps one.
 */
export function useSiteData(lang: Language) {
  const data = useStaticQuery<Queries.SiteDataQuery>(graphql`
    query SiteData {
      site {
        buildYear: buildTime(formatString: "YYYY")
        siteMetadata {
          siteUrl
          adsConversionTarget
        }
      }
      allSiteYaml {
        nodes {
          lang
          name
          shortName
          tagline
          foundedYear
          yearsLabel
          phone {
            display
            e164
          }
          email
          address {
            street
            city
            region
            postalCode
            country
          }
          geo {
            latitude
            longitude
          }
          licenseNumber
          insuranceNote
          priceRange
          timeZone
          hours {
            days
            opens
            closes
          }
          hoursLines {
            days
            time
          }
          hoursSummary
          closedDates {
            date
            name
            opens
            closes
          }
          closedTexts {
            today
            shortDayToday
            upcomingHeading
            upcoming
            upcomingShortDay
          }
          sameDayService {
            banner
            cutoffHour
            days
          }
          serviceArea
          footerTowns
          serviceRadiusMeters
          customerPortal {
            label
            url
          }
          socialImage {
            ...SocialPicture
          }
          leadValues {
            currency
            contact
            estimate
          }
        }
      }
      allLeadConsentYaml {
        nodes {
          lang
          shown {
            consent {
              version
              text
            }
            sms {
              version
              label
              text
              links {
                label
                path
              }
            }
            values {
              currency
              contact
              estimate
            }
            fieldErrors {
              fieldNames {
                name
                message
                fullName
                streetAddress
                city
                firstName
                lastName
                propertyAddress
                offerCity
                offer
              }
              enter
              tooLong
              textTooLong
              phoneRequired
              phoneTooLong
              phoneDigits
              emailRequired
              emailInvalid
              emailTooLong
              pestsRequired
              pestsTooMany
              pestsRepeated
              pestName
              zipRequired
              zipInvalid
              stateRequired
              stateInvalid
              propertyTypeRequired
              servicePlanRequired
              emailSuggestion
              invalid
              turnstileMissing
            }
            turnstile {
              label
              description
              missing
              failed
              unavailable
              notLoaded
            }
          }
        }
      }
      allNavigationYaml {
        nodes {
          lang
          main {
            label
            path
          }
          servicesMenu {
            label
            path
            allLabel
          }
          routes {
            home {
              label
              path
            }
            plans {
              label
              path
            }
            contact {
              label
              path
            }
            estimate {
              label
              path
            }
          }
          estimateCta {
            label
            mobileLabel
          }
          callCta {
            label
          }
          mobileTagline
          sections {
            pests
            offers
          }
          labels {
            call
            openMenu
            closeMenu
            menu
            hours
            skipToContent
            mainMenu
            breadcrumb
            dismiss
            homeLink
            rating
          }
          footer {
            servicesHeading
            allServicesLabel
            companyHeading
            company {
              label
              path
            }
            legal {
              label
              path
            }
            serviceAreaHeading
            contactHeading
            legalHeading
            licensedNote
            rightsReserved
            newTabNote
          }
        }
      }
      logo: file(sourceInstanceName: { eq: "images" }, relativePath: { eq: "logo.png" }) {
        childImageSharp {
          gatsbyImageData(layout: FIXED, width: 40, height: 40, placeholder: NONE, formats: [AUTO, WEBP])
        }
      }
      allPestYaml(sort: { name: ASC }) {
        nodes {
          lang
          slug
          name
          route
          menu {
            services
            footer
          }
        }
      }
    }
  `)
  const { site } = data
  const inLanguage = <T extends { readonly lang: string }>(nodes: readonly T[]) => nodes.find((n) => n.lang === lang)
  const siteYaml = inLanguage(data.allSiteYaml.nodes)
  const navigationYaml = inLanguage(data.allNavigationYaml.nodes)
  const leadConsentYaml = inLanguage(data.allLeadConsentYaml.nodes)
  if (!site?.siteMetadata || !siteYaml || !navigationYaml || !leadConsentYaml) {
    throw new Error(`data/site.yaml, data/navigation.yaml and data/lead-consent.yaml are required (${lang})`)
  }
  return {
    lang,
    company: siteYaml,
    navigation: navigationYaml,
    pests: data.allPestYaml.nodes.filter((pest) => pest.lang === lang),
    siteUrl: site.siteMetadata.siteUrl,
    adsConversionTarget: site.siteMetadata.adsConversionTarget,
    buildYear: site.buildYear ?? "",
    logo: data.logo?.childImageSharp?.gatsbyImageData ?? null,
    leadTexts: leadConsentYaml.shown,
  }
}

export type SiteData = ReturnType<typeof useSiteData>
export type Company = SiteData["company"]
export type NavigationData = SiteData["navigation"]
export type PestLink = SiteData["pests"][number]
