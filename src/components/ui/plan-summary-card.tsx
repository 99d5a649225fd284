import type { ReactNode } from "react"

/** A plan in a few words, as a list item: its badge, its name (h3) and a summary; `children` follow, e.g. its points. */
export function PlanSummaryCard({
  badge,
  name,
  summary,
  children,
}: {
  badge: string
  name: string
  summary: string
  children?: ReactNode
}) {
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-xs font-bold tracking-wide text-accent-700">{badge}</p>
      <h3 className="mt-1 text-xl font-bold text-brand-900">{name}</h3>
      <p className="mt-1 text-slate-700">{summary}</p>
      {children}
    </li>
  )
}
