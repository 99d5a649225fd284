import { CheckList } from "../ui/check-list"
import { Section } from "../ui/section"
import type { ProtectionPlan } from "./types"

/** Ongoing Protection Options: information only, nothing to choose here (SPEC §2). */
export function ProtectionOptions({
  heading,
  intro,
  plans,
}: {
  heading: string
  intro: string
  plans: readonly ProtectionPlan[]
}) {
  return (
    <Section heading={heading} intro={intro} id="protection-options" tinted>
      <ul className="grid gap-5 md:grid-cols-3">
        {plans.map((plan) => (
          <li key={plan.name} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <p className="text-xs font-bold tracking-wide text-accent-700">{plan.badge}</p>
            <h3 className="mt-1 text-xl font-bold text-brand-900">{plan.name}</h3>
            <p className="mt-1 text-slate-700">{plan.summary}</p>
            <div className="mt-4">
              <CheckList items={plan.points} />
            </div>
          </li>
        ))}
      </ul>
    </Section>
  )
}
