import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { PestPage } from "../components/pest/pest-page"
import { Seo } from "../components/seo/seo"
import { useSiteData } from "../hooks/use-site-data"
import { pestPath, withTrailingSlash } from "../lib/paths"
import { pestTrail } from "../lib/pest-trail"
import { breadcrumbJsonLd } from "../lib/structured-data"

type Data = Queries.PestPageQuery

export default function PestPageTemplate({ data, location }: PageProps<Data>) {
  const { company, navigation } = useSiteData()
  const pest = data.pestYaml
  if (!pest) return null
  const plansLink = navigation.main.find((link) => link.path === "/plans")
  return (
    <Layout pathname={location.pathname}>
      <PestPage
        pest={pest}
        image={pest.image.src.childImageSharp?.gatsbyImageData}
        breadcrumb={pestTrail(navigation, pest)}
        phone={company.phone}
        callLabel={navigation.callCta.label}
        links={{
          estimate: { label: navigation.estimateCta.mobileLabel, path: withTrailingSlash(navigation.estimateCta.path) },
          plans: { label: plansLink?.label ?? "Plans", path: "/plans/" },
        }}
      />
    </Layout>
  )
}

export function Head({ data }: HeadProps<Data>) {
  const { navigation, siteUrl } = useSiteData()
  const pest = data.pestYaml
  if (!pest) return null
  return (
    <Seo
      title={pest.title}
      description={pest.description}
      keywords={pest.keywords}
      path={pestPath(pest.slug)}
      jsonLd={[breadcrumbJsonLd(pestTrail(navigation, pest), siteUrl)]}
    />
  )
}

export const query = graphql`
  query PestPage($slug: String!) {
    pestYaml(slug: { eq: $slug }) {
      slug
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
  }
`
