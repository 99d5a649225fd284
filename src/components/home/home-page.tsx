import { Link } from "gatsby"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { Phone, Zap } from "../ui/ui-icons"
import { telHref } from "../../lib/phone"
import { PlanCard, type PlanData } from "../plans/plan-card"
import { buttonClass } from "../ui/button-class"
import { CardGrid, type CardData } from "../ui/card-grid"
import { CtaBanner, type CtaData } from "../ui/cta-banner"
import { ResponsiveImage } from "../ui/responsive-image"
import { Section } from "../ui/section"
import { Testimonials, type Testimonial } from "../ui/testimonials"

export interface HomeContent {
  readonly badge: string
  readonly heroImage: { readonly alt: string }
  readonly estimateLabel: string
  readonly plansLabel: string
  readonly callLabel: string
  readonly trustHeading: string
  readonly trustCards: readonly CardData[]
  readonly plansHeading: string
  readonly plansIntro: string
  readonly planCardLabel: string
  readonly allPlansLabel: string
  readonly cta: CtaData
}

export interface HomePageProps {
  heading: string
  intro: string
  home: HomeContent
  heroImage?: IGatsbyImageData | null
  plans: readonly PlanData[]
  testimonials: { readonly heading: string; readonly items: readonly Testimonial[] }
  phone: { display: string; e164: string }
}

export function HomePage({ heading, intro, home, heroImage, plans, testimonials, phone }: HomePageProps) {
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
              <Link to="/estimate/" className={buttonClass("primary")}>
                {home.estimateLabel}
              </Link>
              <Link to="/plans/" className={buttonClass("outline")}>
                {home.plansLabel}
              </Link>
              <a href={telHref(phone.e164)} className={buttonClass("secondary")} data-placement="home-hero">
                <Phone className="h-5 w-5" aria-hidden="true" />
                {home.callLabel} {phone.display}
              </a>
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
            <PlanCard key={plan.id} plan={plan} link={{ label: home.planCardLabel, path: "/estimate/" }} />
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Link to="/plans/" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
            {home.allPlansLabel}
          </Link>
        </p>
      </Section>
      <Section heading={testimonials.heading} id="testimonials">
        <Testimonials items={testimonials.items} />
      </Section>
      <CtaBanner cta={home.cta} phone={phone} estimatePath="/estimate/" />
    </>
  )
}
