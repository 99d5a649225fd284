import { Link } from "gatsby"
import { Clock } from "../ui/ui-icons"
import { withTrailingSlash } from "../../lib/paths"
import type { StaticPageProps } from "../page/page-template"
import { PageHero } from "../page/page-hero"
import { buttonClass } from "../ui/button-class"
import { CheckList } from "../ui/check-list"
import { Section } from "../ui/section"
import { PlanCard } from "./plan-card"
import type { PlansData } from "../../../gatsby/data-schemas/plans"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"

export type PlansContent = ReadonlyData<PlansData>

export function PlansPage({
  heading,
  intro,
  content,
  routes,
}: Pick<StaticPageProps, "heading" | "intro" | "routes"> & { content: PlansContent }) {
  const estimatePath = withTrailingSlash(routes.estimate.path)
  const labels = {
    included: content.includedLabel,
    notIncluded: content.notIncludedLabel,
    idealFor: content.idealForLabel,
  }
  return (
    <>
      <PageHero heading={heading} intro={intro}>
        <p className="mt-6 text-xl font-semibold text-brand-800">{content.customPricing}</p>
        <p className="mt-2 inline-flex items-center gap-2 text-slate-700">
          <Clock className="h-5 w-5 text-brand-700" aria-hidden="true" />
          {content.validityNote}
        </p>
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 pb-6">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {content.plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              detailed
              headingLevel={2}
              labels={labels}
              link={{ label: content.estimateLabel, path: estimatePath }}
            />
          ))}
        </ul>
      </div>
      <Section heading={content.everyPlanHeading} tinted id="every-plan">
        <CheckList items={content.everyPlanIncludes} columns={2} />
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={estimatePath} className={buttonClass("primary")}>
            {content.estimateLabel}
          </Link>
          <Link to={withTrailingSlash(routes.contact.path)} className={buttonClass("outline")}>
            {content.contactLabel}
          </Link>
        </div>
      </Section>
    </>
  )
}
