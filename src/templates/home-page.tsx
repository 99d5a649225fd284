import { graphql } from "gatsby"
import { HomePage } from "../components/home/home-page"
import { pageTemplate } from "../components/page/page-template"

const { Page, Head } = pageTemplate<Queries.HomePageQuery>(
  ({ pageYaml: page, homeYaml: home, plansYaml, testimonialsYaml }, { company, navigation }) => (
    <HomePage
      heading={page.heading}
      intro={page.intro}
      home={home}
      heroImage={home.heroImage.src.childImageSharp?.gatsbyImageData}
      plans={plansYaml.plans}
      testimonials={testimonialsYaml}
      phone={company.phone}
      routes={navigation.routes}
    />
  ),
)
export default Page
export { Head }

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
