import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { PageSeo } from "../components/seo/page-seo"
import { ServicesPage } from "../components/services/services-page"
import { useSiteData } from "../hooks/use-site-data"

type Data = Queries.ServicesPageQuery

export default function ServicesPageTemplate({ data, location }: PageProps<Data>) {
  const { company, navigation } = useSiteData()
  const { pageYaml: page, servicesPageYaml: content, plansYaml, allPestYaml } = data
  if (!page || !content || !plansYaml) return null
  // The grid shows the pests of the Services menu, in its order.
  const bySlug = new Map(allPestYaml.nodes.map((pest) => [pest.slug, pest]))
  const pests = navigation.servicesMenu.pests.flatMap((slug) => bySlug.get(slug) ?? [])
  return (
    <Layout pathname={location.pathname}>
      <ServicesPage
        heading={page.heading}
        intro={page.intro}
        content={content}
        pests={pests}
        plans={plansYaml.plans}
        phone={company.phone}
      />
    </Layout>
  )
}

export const Head = ({ data }: HeadProps<Data>) => <PageSeo page={data.pageYaml} />

export const query = graphql`
  query ServicesPage($slug: String!) {
    pageYaml(path: { eq: $slug }) {
      ...PageFields
    }
    servicesPageYaml {
      gridHeading
      learnMoreLabel
      plansHeading
      planSummaries {
        planId
        summary
      }
      plansLinkLabel
      reasonsHeading
      reasons {
        icon
        title
        text
      }
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
    allPestYaml {
      nodes {
        slug
        name
        urgency
        card {
          icon
          description
          features
        }
      }
    }
  }
`
