import { labelOf, type ValueLabelsData } from "../../../lib/value-labels"
import { LevelBadge } from "../level-badge"
import type { SpeciesData, SpeciesLabels } from "../types"

/** A card's facts, in this order, each under its label of the same name; a list is joined, an empty fact left out. */
const FACTS = ["season", "approach", "damage", "bite", "habitat", "locations", "diseases", "signs"] as const

const facts = (s: SpeciesData, labels: SpeciesLabels): Array<[string, string]> =>
  FACTS.flatMap((fact) => {
    const value = s[fact]
    const text = typeof value === "string" ? value : value?.join(", ")
    return text ? [[labels[fact], text]] : []
  })

/** Species cards with their severity, aggression and danger badges, each level said by its label in `values`. */
export function SpeciesList({
  species,
  labels,
  values,
}: {
  species: readonly SpeciesData[]
  labels: SpeciesLabels
  values: ValueLabelsData
}) {
  return (
    <ul className="grid gap-5 md:grid-cols-2">
      {species.map((s) => (
        <li key={s.name} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="mr-auto text-lg font-semibold text-slate-900">{s.name}</h3>
            {s.severity && <LevelBadge level={s.severity} label={labelOf(values.severity, s.severity)} />}
            {s.aggression && (
              <LevelBadge
                name={labels.aggression}
                level={s.aggression}
                label={labelOf(values.aggression, s.aggression)}
              />
            )}
            {s.danger && <LevelBadge name={labels.danger} level={s.danger} label={labelOf(values.danger, s.danger)} />}
            {s.dangerous && (
              <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">
                {labels.dangerous}
              </span>
            )}
            {s.protected && (
              <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900">
                {labels.protected}
              </span>
            )}
          </div>
          <p className="mt-2 text-slate-700">{s.description}</p>
          {facts(s, labels).length > 0 && (
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {facts(s, labels).map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-semibold text-slate-800">{label}</dt>
                  <dd className="text-slate-700">{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </li>
      ))}
    </ul>
  )
}
