import { graphql, Link, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { PageHero } from "../components/page/page-hero"
import { PageSeo } from "../components/seo/page-seo"
import { useSiteData } from "../hooks/use-site-data"
import { offerPath } from "../lib/paths"

type Data = Queries.OffersIndexPageQuery

export default function OffersIndexTemplate({ data, location }: PageProps<Data>) {
  const { company } = useSiteData()
  const page = data.pageYaml
  if (!page) return null
  return (
    <Layout pathname={location.pathname}>
      <PageHero heading={page.heading} intro={page.intro} />
      <ul className="mx-auto grid max-w-5xl gap-6 px-4 pb-16 sm:grid-cols-2">
        {data.allOfferYaml.nodes.map((offer) => (
          <li key={offer.key} className="rounded-xl border border-slate-200 p-6 shadow-sm">
            <h2 className="text-xl font-bold text-brand-900">
              {offer.city} — {offer.offerName}
            </h2>
            <p className="mt-2 text-2xl font-extrabold text-accent-700">{offer.price}</p>
            <p className="font-mono text-sm text-slate-700">{offer.couponCode}</p>
            <p className="text-sm text-slate-700">{(offer.phone ?? company.phone).display}</p>
            <p className="text-sm text-slate-700">{offer.heroVariant}</p>
            <Link to={offerPath(offer.key)} className="mt-3 inline-block font-semibold text-brand-700 underline">
              {offerPath(offer.key)}
            </Link>
          </li>
        ))}
      </ul>
    </Layout>
  )
}

export const Head = ({ data }: HeadProps<Data>) => <PageSeo page={data.pageYaml} />

export const query = graphql`
  query OffersIndexPage($slug: String!) {
    pageYaml(path: { eq: $slug }) {
      ...PageFields
    }
    allOfferYaml(sort: { key: ASC }) {
      nodes {
        key
        city
        offerName
        price
        couponCode
        heroVariant
        phone {
          display
        }
      }
    }
  }
`
