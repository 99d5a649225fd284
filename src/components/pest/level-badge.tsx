/** Colours of the severity, aggression and danger levels, low to high, by the value the data writes. */
const LEVEL_CLASSES: Record<string, string> = {
  Low: "bg-green-100 text-green-800",
  Medium: "bg-yellow-100 text-yellow-900",
  Moderate: "bg-yellow-100 text-yellow-900",
  High: "bg-orange-100 text-orange-900",
  Severe: "bg-red-100 text-red-800",
  Critical: "bg-red-700 text-white",
}

/** A level as a badge: coloured by its value, saying its label in the page's language ("Agresividad: Baja"). */
export function LevelBadge({ name, level, label }: { name?: string; level: string; label: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${LEVEL_CLASSES[level] ?? "bg-slate-100 text-slate-800"}`}
    >
      {name ? `${name}: ` : ""}
      {label}
    </span>
  )
}
