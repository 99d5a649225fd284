import { LevelBadge } from "../level-badge"
import type { SpeciesData } from "../types"

const facts = (s: SpeciesData): Array<[string, string]> =>
  [
    ["Season", s.season],
    ["Approach", s.approach],
    ["Damage", s.damage],
    ["Bite", s.bite],
    ["Habitat", s.habitat],
    ["Found in", s.locations?.join(", ")],
    ["Diseases", s.diseases?.join(", ")],
    ["Signs", s.signs?.join(", ")],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]))

/** Species cards with their severity, aggression and danger badges. */
export function SpeciesList({ species }: { species: readonly SpeciesData[] }) {
  return (
    <ul className="grid gap-5 md:grid-cols-2">
      {species.map((s) => (
        <li key={s.name} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="mr-auto text-lg font-semibold text-slate-900">{s.name}</h3>
            {s.severity && <LevelBadge level={s.severity} />}
            {s.aggression && <LevelBadge label="Aggression" level={s.aggression} />}
            {s.danger && <LevelBadge label="Danger" level={s.danger} />}
            {s.dangerous && (
              <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">
                Dangerous
              </span>
            )}
            {s.protected && (
              <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900">
                Protected
              </span>
            )}
          </div>
          <p className="mt-2 text-slate-700">{s.description}</p>
          {facts(s).length > 0 && (
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {facts(s).map(([label, value]) => (
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
