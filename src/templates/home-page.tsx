import { graphql } from "gatsby"
import { HomePage, type HomePageProps } from "../components/home/home-page"
import { pageTemplate } from "../components/page/page-template"

export const query = graphql`
  query HomePage($key: String!, $lang: String!) {
    ...StaticPage
    homeYaml(lang: { eq: $lang }) {
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
        ...CallToActionFields
      }
    }
    ...AllPlans
    testimonialsYaml(lang: { eq: $lang }) {
      heading
      items {
        ...TestimonialFields
      }
    }
  }
`

const template = pageTemplate<Queries.HomePageQuery, HomePageProps>(HomePage, (data) => ({
  home: data.homeYaml,
  heroImage: data.homeYaml.heroImage.src.childImageSharp?.gatsbyImageData,
  plans: data.plansYaml.plans,
  testimonials: data.testimonialsYaml,
}))
export const Head = template.Head
export default template.Page
