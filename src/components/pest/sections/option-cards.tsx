import { Link } from "gatsby"
import { buttonClass } from "../../ui/button-class"
import { FeatureList } from "../../ui/feature-list"
import type { OptionData } from "../types"

export interface OptionLinks {
  estimate: { label: string; path: string }
  plans: { label: string; path: string }
}

/** Service options or plans, each with its price, and the ways on: the estimate and the plans page. */
export function OptionCards({ options, links }: { options: readonly OptionData[]; links: OptionLinks }) {
  return (
    <>
      <ul className="grid gap-5 md:grid-cols-3">
        {options.map((option) => (
          <li
            key={option.name}
            className={`flex flex-col rounded-xl border bg-white p-6 ${option.highlighted ? "border-brand-600 shadow-lg ring-2 ring-brand-600" : "border-slate-200"}`}
          >
            <h3 className="text-lg font-bold text-slate-900">{option.name}</h3>
            <p className="mt-1 text-2xl font-extrabold text-brand-800">{option.price}</p>
            <p className="mt-2 text-sm text-slate-700">{option.description}</p>
            <FeatureList items={option.features} className="mt-4 space-y-2 text-sm text-slate-700" />
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={links.estimate.path} className={buttonClass("primary")}>
          {links.estimate.label}
        </Link>
        <Link
          to={links.plans.path}
          className="rounded-lg border border-brand-700 px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50"
        >
          {links.plans.label}
        </Link>
      </div>
    </>
  )
}
