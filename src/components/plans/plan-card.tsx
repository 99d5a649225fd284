import { Link } from "gatsby"
import { buttonClass } from "../ui/button-class"
import { FeatureList } from "../ui/feature-list"
import type { Plan } from "../../../gatsby/data-schemas/plans"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"

export type PlanData = ReadonlyData<Plan>

export interface PlanCardProps {
  plan: PlanData
  /** Full detail (the plans page) or the first features only (home page). */
  detailed?: boolean
  link: { label: string; path: string }
  labels?: { included: string; notIncluded: string; idealFor: string }
  /** h3 under a section heading (home page); h2 where the cards are the page's main list (plans page). */
  headingLevel?: 2 | 3
}

export function PlanCard({ plan, detailed = false, link, labels, headingLevel = 3 }: PlanCardProps) {
  const features = detailed ? plan.features : plan.features.slice(0, 3)
  const Heading = headingLevel === 2 ? "h2" : "h3"
  const Subheading = headingLevel === 2 ? "h3" : "h4"
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="self-start rounded-full bg-accent-600 px-3 py-1 text-xs font-bold tracking-wide text-white">
        {plan.badge}
      </p>
      <Heading className="mt-3 text-2xl font-extrabold text-brand-900">{plan.name}</Heading>
      <p className="font-medium text-slate-800">{plan.tagline}</p>
      <p className="mt-2 text-sm text-slate-700">{plan.description}</p>
      {detailed && labels && (
        <Subheading className="mt-4 text-sm font-semibold text-slate-900">{labels.included}</Subheading>
      )}
      <FeatureList items={features} className="mt-3 space-y-2 text-sm text-slate-700" />
      {detailed && labels && plan.notIncluded.length > 0 && (
        <>
          <Subheading className="mt-4 text-sm font-semibold text-slate-900">{labels.notIncluded}</Subheading>
          <FeatureList items={plan.notIncluded} mark="no" className="mt-2 space-y-2 text-sm text-slate-600" />
        </>
      )}
      {detailed && labels && (
        <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-slate-800">
          <strong>{labels.idealFor}:</strong> {plan.idealFor}
        </p>
      )}
      <div className="mt-auto pt-6">
        <Link to={link.path} className={`${buttonClass("primary")} w-full`}>
          {link.label}
          <span className="sr-only"> ({plan.name})</span>
        </Link>
      </div>
    </li>
  )
}
