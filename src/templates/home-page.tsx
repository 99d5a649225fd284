import { graphql, type HeadProps, type PageProps } from "gatsby"
import { HomePage } from "../components/home/home-page"
import { Layout } from "../components/layout/layout"
import { PageSeo } from "../components/seo/page-seo"
import { useSiteData } from "../hooks/use-site-data"

type Data = Queries.HomePageQuery

export default function HomePageTemplate({ data, location }: PageProps<Data>) {
  const { company } = useSiteData()
  const { pageYaml: page, homeYaml: home, plansYaml, testimonialsYaml } = data
  if (!page || !home || !plansYaml || !testimonialsYaml) return null
  return (
    <Layout pathname={location.pathname}>
      <HomePage
        heading={page.heading}
        intro={page.intro}
        home={home}
        heroImage={home.heroImage.src.childImageSharp?.gatsbyImageData}
        plans={plansYaml.plans}
        testimonials={testimonialsYaml}
        phone={company.phone}
      />
    </Layout>
  )
}

export const Head = ({ data }: HeadProps<Data>) => <PageSeo page={data.pageYaml} />

export const query = graphql`
  query HomePage($slug: String!) {
    pageYaml(path: { eq: $slug }) {
      ...PageFields
    }
    homeYaml {
      badge
      heroImage {
        alt
        src {
          childImageSharp {
            gatsbyImageData(width: 640, layout: CONSTRAINED, placeholder: DOMINANT_COLOR, formats: [AUTO, WEBP])
          }
        }
      }
      estimateLabel
      plansLabel
      callLabel
      trustHeading
      trustCards {
        icon
        title
        text
      }
      plansHeading
      plansIntro
      planCardLabel
      allPlansLabel
      cta {
        heading
        text
        primaryLabel
        secondaryLabel
      }
    }
    plansYaml {
      plans {
        ...PlanFields
      }
    }
    testimonialsYaml {
      heading
      items {
        quote
        name
        location
        rating
      }
    }
  }
`
