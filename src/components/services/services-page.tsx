import { Link } from "gatsby"
import { withTrailingSlash } from "../../lib/paths"
import { labelOf, type ValueLabelList } from "../../lib/value-labels"
import type { StaticPageProps } from "../page/page-template"
import { UrgencyBadge } from "../pest/urgency-badge"
import { PageHero } from "../page/page-hero"
import type { PlanData } from "../plans/plan-card"
import { CardGrid, type CardData } from "../ui/card-grid"
import { CtaBanner } from "../ui/cta-banner"
import { FeatureList } from "../ui/feature-list"
import { IconBadge } from "../ui/icon"
import { MoreLink } from "../ui/more-link"
import { PlanSummaryCard } from "../ui/plan-summary-card"
import { Section } from "../ui/section"
import type { ServicesPageTexts } from "../../../gatsby/data-schemas/services-page"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"

export interface PestCardData {
  readonly slug: string
  readonly route: string
  readonly name: string
  readonly urgency: string
  readonly card: { readonly icon: string; readonly description: string; readonly features: readonly string[] }
}

// The default pest picture and the species labels go to the pest pages; a card's icon is a GraphQL String (see CardData).
export type ServicesContent = ReadonlyData<
  Omit<ServicesPageTexts, "defaultPestImage" | "speciesLabels" | "valueLabels" | "reasons">
> & {
  readonly reasons: readonly CardData[]
}

export interface ServicesPageProps extends StaticPageProps {
  content: ServicesContent
  pests: readonly PestCardData[]
  plans: readonly PlanData[]
  /** What a pest's urgency says (data/services-page.yaml valueLabels). */
  urgencyLabels: ValueLabelList
}

export function ServicesPage({
  heading,
  intro,
  content,
  pests,
  plans,
  urgencyLabels,
  phone,
  routes,
}: ServicesPageProps) {
  const planById = new Map(plans.map((p) => [p.id, p]))
  return (
    <>
      <PageHero heading={heading} intro={intro} />
      <Section heading={content.gridHeading} id="pests">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {pests.map((pest) => (
            <li key={pest.slug} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center justify-between gap-3">
                <IconBadge name={pest.card.icon} />
                <UrgencyBadge urgency={pest.urgency} label={labelOf(urgencyLabels, pest.urgency)} />
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{pest.name}</h3>
              <p className="mt-2 text-sm text-slate-700">{pest.card.description}</p>
              <FeatureList items={pest.card.features} className="mt-3 space-y-1 text-sm text-slate-700" />
              <Link
                to={pest.route}
                className="mt-auto pt-4 font-semibold text-brand-700 hover:text-brand-900 hover:underline"
              >
                {content.learnMoreLabel}
                {/* Screen readers and search engines hear which pest the link is about. */}
                <span className="sr-only">: {pest.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <Section heading={content.plansHeading} tinted id="plan-summaries">
        <ul className="grid gap-5 md:grid-cols-3">
          {content.planSummaries.map(({ planId, summary }) => {
            const plan = planById.get(planId)
            return plan && <PlanSummaryCard key={planId} badge={plan.badge} name={plan.name} summary={summary} />
          })}
        </ul>
        <MoreLink to={withTrailingSlash(routes.plans.path)} label={content.plansLinkLabel} className="mt-6" />
      </Section>
      <Section heading={content.reasonsHeading} id="reasons">
        <CardGrid cards={content.reasons} />
      </Section>
      <CtaBanner cta={content.cta} phone={phone} estimatePath={withTrailingSlash(routes.estimate.path)} />
    </>
  )
}
