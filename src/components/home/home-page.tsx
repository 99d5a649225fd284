import { Link } from "gatsby"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { Zap } from "../ui/ui-icons"
import { withTrailingSlash } from "../../lib/paths"
import type { StaticPageProps } from "../page/page-template"
import { PlanCard, type PlanData } from "../plans/plan-card"
import { buttonClass } from "../ui/button-class"
import { CardGrid, type CardData } from "../ui/card-grid"
import { CtaBanner } from "../ui/cta-banner"
import { MoreLink } from "../ui/more-link"
import { PhoneLink } from "../ui/phone-link"
import { ResponsiveImage } from "../ui/responsive-image"
import { Section } from "../ui/section"
import { Testimonials, type Testimonial } from "../ui/testimonials"
import type { HomeTexts } from "../../../gatsby/data-schemas/home"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"

// The hero picture's file is GraphQL's (a File, passed apart as heroImage); a card's icon is a GraphQL String.
export type HomeContent = ReadonlyData<Omit<HomeTexts, "heroImage" | "trustCards">> & {
  readonly heroImage: { readonly alt: string }
  readonly trustCards: readonly CardData[]
}

export interface HomePageProps extends StaticPageProps {
  home: HomeContent
  heroImage?: IGatsbyImageData | null
  plans: readonly PlanData[]
  testimonials: { readonly heading: string; readonly items: readonly Testimonial[] }
}

export function HomePage({ heading, intro, home, heroImage, plans, testimonials, phone, routes }: HomePageProps) {
  const estimatePath = withTrailingSlash(routes.estimate.path)
  const plansPath = withTrailingSlash(routes.plans.path)
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-2">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-accent-600 px-4 py-1.5 text-sm font-bold text-white">
              <Zap className="h-4 w-4" aria-hidden="true" />
              {home.badge}
            </p>
            <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{heading}</h1>
            <p className="mt-5 text-lg text-slate-700">{intro}</p>
            <div className="mt-7 flex flex-wrap gap-3">
              <Link to={estimatePath} className={buttonClass("primary")}>
                {home.estimateLabel}
              </Link>
              <Link to={plansPath} className={buttonClass("outline")}>
                {home.plansLabel}
              </Link>
              <PhoneLink
                phone={phone}
                label={home.callLabel}
                icon="md"
                className={buttonClass("secondary")}
                placement="home-hero"
              />
            </div>
          </div>
          {heroImage && (
            <ResponsiveImage image={heroImage} alt={home.heroImage.alt} className="rounded-2xl shadow-xl" eager />
          )}
        </div>
      </section>
      <Section heading={home.trustHeading} id="trust">
        <CardGrid cards={home.trustCards} />
      </Section>
      <Section heading={home.plansHeading} intro={home.plansIntro} tinted id="plans">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} link={{ label: home.planCardLabel, path: estimatePath }} />
          ))}
        </ul>
        <MoreLink to={plansPath} label={home.allPlansLabel} className="mt-8 text-center" />
      </Section>
      <Section heading={testimonials.heading} id="testimonials">
        <Testimonials items={testimonials.items} />
      </Section>
      <CtaBanner cta={home.cta} phone={phone} estimatePath={estimatePath} />
    </>
  )
}
