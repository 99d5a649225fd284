import { graphql } from "gatsby"
import { siteTemplate } from "../components/page/page-template"
import { PestPage } from "../components/pest/pest-page"
import { withTrailingSlash } from "../lib/paths"
import { pestTrail } from "../lib/pest-trail"
import { breadcrumbJsonLd } from "../lib/structured-data"

export const query = graphql`
  query PestPage($key: String!, $lang: String!) {
    pestYaml(pageKey: { eq: $key }, lang: { eq: $lang }) {
      slug
      route
      name
      title
      description
      keywords
      urgency
      heading
      intro
      image {
        alt
        src {
          childImageSharp {
            gatsbyImageData(width: 640, layout: CONSTRAINED, placeholder: DOMINANT_COLOR, formats: [AUTO, WEBP])
          }
        }
        ...SocialPicture
      }
      sections {
        type
        heading
        intro
        tone
        style
        icon
        body
        points
        steps {
          title
          description
        }
        facts {
          value
          label
        }
        species {
          name
          description
          severity
          season
          dangerous
          locations
          diseases
          approach
          aggression
          protected
          danger
          damage
          signs
          bite
          habitat
        }
        areas {
          area
          description
          solutions
        }
        options {
          name
          price
          description
          features
          highlighted
        }
      }
    }
    servicesPageYaml(lang: { eq: $lang }) {
      speciesLabels {
        season
        approach
        damage
        bite
        habitat
        locations
        diseases
        signs
        aggression
        danger
        dangerous
        protected
      }
      valueLabels {
        urgency {
          ...ValueLabelFields
        }
        severity {
          ...ValueLabelFields
        }
        aggression {
          ...ValueLabelFields
        }
        danger {
          ...ValueLabelFields
        }
      }
      defaultPestImage {
        alt
        src {
          childImageSharp {
            gatsbyImageData(width: 640, layout: CONSTRAINED, placeholder: DOMINANT_COLOR, formats: [AUTO, WEBP])
          }
        }
        ...SocialPicture
      }
    }
  }
`

/** A pest without its own picture shows services-page.yaml's defaultPestImage, on the page and in its shared links. */
const template = siteTemplate<Queries.PestPageQuery>({
  content: ({ pestYaml: pest, servicesPageYaml }, { company, navigation }) => {
    const image = pest.image ?? servicesPageYaml.defaultPestImage
    return (
      <PestPage
        pest={pest}
        image={{ data: image.src.childImageSharp?.gatsbyImageData, alt: image.alt }}
        breadcrumb={pestTrail(navigation, pest)}
        phone={company.phone}
        callLabel={navigation.callCta.label}
        labels={{
          breadcrumb: navigation.labels.breadcrumb,
          species: servicesPageYaml.speciesLabels,
          values: servicesPageYaml.valueLabels,
        }}
        links={{
          estimate: {
            label: navigation.estimateCta.mobileLabel,
            path: withTrailingSlash(navigation.routes.estimate.path),
          },
          plans: { label: navigation.routes.plans.label, path: withTrailingSlash(navigation.routes.plans.path) },
        }}
      />
    )
  },
  seo: ({ pestYaml: pest, servicesPageYaml }, { navigation, siteUrl }) => ({
    title: pest.title,
    description: pest.description,
    keywords: pest.keywords,
    path: pest.route,
    image: pest.image ?? servicesPageYaml.defaultPestImage,
    jsonLd: [breadcrumbJsonLd(pestTrail(navigation, pest), siteUrl)],
  }),
})
export const Head = template.Head
export default template.Page
