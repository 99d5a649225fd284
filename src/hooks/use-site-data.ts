import { graphql, useStaticQuery } from "gatsby"

/** Company facts, menus and the pests (with where each is listed) shared by the layout and the Seo component. */
export function useSiteData() {
  const data = useStaticQuery<Queries.SiteDataQuery>(graphql`
    query SiteData {
      site {
        buildYear: buildTime(formatString: "YYYY")
        siteMetadata {
          siteUrl
          adsConversionTarget
        }
      }
      siteYaml {
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
        leadValues {
          currency
          contact
          estimate
        }
      }
      leadConsentYaml {
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
            invalid
            turnstileMissing
          }
        }
      }
      navigationYaml {
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
      logo: file(sourceInstanceName: { eq: "images" }, relativePath: { eq: "logo.png" }) {
        childImageSharp {
          gatsbyImageData(layout: FIXED, width: 40, height: 40, placeholder: NONE, formats: [AUTO, WEBP])
        }
      }
      allPestYaml(sort: { name: ASC }) {
        nodes {
          slug
          name
          menu {
            services
            footer
          }
        }
      }
    }
  `)
  const { site, siteYaml, navigationYaml, leadConsentYaml } = data
  if (!site?.siteMetadata || !siteYaml || !navigationYaml || !leadConsentYaml) {
    throw new Error("data/site.yaml, data/navigation.yaml and data/lead-consent.yaml are required")
  }
  return {
    company: siteYaml,
    navigation: navigationYaml,
    pests: data.allPestYaml.nodes,
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
