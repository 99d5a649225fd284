import type { ReactNode } from "react"

/** One fact of a lead or message; a row whose value is null is left out (e.g. no reference yet). */
export type DetailRow = readonly [label: string, value: ReactNode | null]

/** The facts of the lead or message a link is about, as label and value pairs. */
export function OfficeDetails({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <dl className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {rows
        .filter((row): row is readonly [string, ReactNode] => row[1] !== null)
        .map(([label, value]) => (
          <div key={label} className="px-4 py-2">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="break-words font-medium text-slate-900">{value}</dd>
          </div>
        ))}
    </dl>
  )
}
