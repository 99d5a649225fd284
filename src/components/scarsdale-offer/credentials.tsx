import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { Section } from "../ui/section"
import type { CompanyFacts, CredentialsTexts } from "./types"

/** Licence, insurance and years in business, all from the company facts in data/site.yaml. */
export function Credentials({ texts, company }: { texts: CredentialsTexts; company: CompanyFacts }) {
  const rows = [
    { label: texts.licenseLabel, value: company.licenseNumber },
    { label: texts.insuranceLabel, value: company.insuranceNote },
    {
      label: texts.yearsLabel,
      value: fill(texts.yearsText, { yearsLabel: company.yearsLabel, foundedYear: String(company.foundedYear) }),
    },
  ]
  return (
    <Section heading={texts.heading} id="offer-credentials">
      <dl className="grid gap-4 md:grid-cols-3">
        {rows.map((row) => (
          <div key={row.label} className="rounded-xl border border-slate-200 bg-white p-5">
            <dt className="text-sm font-semibold uppercase tracking-wide text-brand-700">{row.label}</dt>
            <dd className="mt-1 text-slate-800">{row.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  )
}
