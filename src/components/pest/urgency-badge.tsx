/** Urgency colours, by the value the data writes (data/pests/*.yaml `urgency`). */
const URGENCY_CLASSES: Record<string, string> = {
  Critical: "bg-red-700 text-white",
  Urgent: "bg-red-100 text-red-800",
  Immediate: "bg-orange-100 text-orange-800",
  Seasonal: "bg-blue-100 text-blue-800",
  "Common Issue": "bg-green-100 text-green-800",
}

/** A pest's urgency: coloured by its value, saying its label in the page's language. */
export function UrgencyBadge({ urgency, label }: { urgency: string; label: string }) {
  return (
    <span
      className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${URGENCY_CLASSES[urgency] ?? "bg-slate-100 text-slate-800"}`}
    >
      {label}
    </span>
  )
}
