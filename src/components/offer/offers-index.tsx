import { Link } from "gatsby"
import { PageHero } from "../page/page-hero"
import { CheckList } from "../ui/check-list"
import { Section } from "../ui/section"
import { TextList } from "../ui/text-list"

export interface OfferCard {
  readonly key: string
  /** The offer page in the page's language. */
  readonly route: string
  readonly city: string
  readonly offerName: string
  readonly price: string
  readonly couponCode: string
  readonly heroVariant: string
  readonly phone: { readonly display: string }
}

export type OffersIndexNotes = NonNullable<Queries.OffersIndexPageQuery["offersIndexYaml"]>

/** /offers: the live offers, what each offer page does, and how to add a city (internal notes). */
export function OffersIndex({ offers, notes }: { offers: readonly OfferCard[]; notes: OffersIndexNotes }) {
  const { cardLabels: labels, features, addCity } = notes
  return (
    <>
      <ul className="mx-auto grid max-w-6xl gap-6 px-4 pb-4 sm:grid-cols-2 lg:grid-cols-4">
        {offers.map((offer) => (
          <li key={offer.key} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-xl font-bold text-brand-900">{offer.city}</h2>
            <p className="mt-1 text-3xl font-extrabold text-accent-700">{offer.price}</p>
            <p className="font-semibold text-slate-800">{offer.offerName}</p>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
              <dt className="font-medium">{labels.couponCode}</dt>
              <dd className="font-mono">{offer.couponCode}</dd>
              <dt className="font-medium">{labels.phone}</dt>
              <dd>{offer.phone.display}</dd>
              <dt className="font-medium">{labels.heroVariant}</dt>
              <dd>
                <code>{offer.heroVariant}</code>
              </dd>
            </dl>
            <p className="mt-auto pt-4 font-mono text-xs text-slate-600">{offer.route}</p>
            <Link to={offer.route} className="mt-1 font-semibold text-brand-700 underline">
              {labels.open}
              <span className="sr-only">
                {" "}
                ({offer.city} {offer.price})
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Section heading={features.heading} id="offer-features">
        <div className="grid gap-8 md:grid-cols-3">
          {features.groups.map((group) => (
            <div key={group.heading}>
              <h3 className="mb-3 text-lg font-semibold text-slate-900">{group.heading}</h3>
              <CheckList items={group.items} />
            </div>
          ))}
        </div>
      </Section>
      <Section heading={addCity.heading} intro={addCity.intro} id="add-a-city" tinted>
        <TextList items={addCity.steps} ordered className="list-decimal space-y-2 pl-6 text-slate-700" />
        <h3 className="mb-2 mt-8 text-lg font-semibold text-slate-900">{addCity.exampleHeading}</h3>
        <pre className="whitespace-pre-wrap break-words rounded-xl bg-slate-900 p-4 text-sm text-slate-100">
          <code>{addCity.example}</code>
        </pre>
      </Section>
    </>
  )
}

/** The /offers page: its heading, then the offers and the notes. */
export function OffersIndexPage({
  heading,
  intro,
  ...index
}: Parameters<typeof OffersIndex>[0] & { heading: string; intro: string }) {
  return (
    <>
      <PageHero heading={heading} intro={intro} />
      <OffersIndex {...index} />
    </>
  )
}
