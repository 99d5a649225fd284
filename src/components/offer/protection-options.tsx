import { CheckList } from "../ui/check-list"
import { PlanSummaryCard } from "../ui/plan-summary-card"
import { Section } from "../ui/section"
import type { ProtectionPlan } from "./types"

/** Ongoing Protection Options: information only, nothing to choose here. */
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
          <PlanSummaryCard key={plan.name} badge={plan.badge} name={plan.name} summary={plan.summary}>
            <div className="mt-4">
              <CheckList items={plan.points} />
            </div>
          </PlanSummaryCard>
        ))}
      </ul>
    </Section>
  )
}
