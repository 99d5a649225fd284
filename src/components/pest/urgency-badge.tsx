/** Urgency labels and their colours. */
const URGENCY_CLASSES: Record<string, string> = {
  Critical: "bg-red-700 text-white",
  Urgent: "bg-red-100 text-red-800",
  Immediate: "bg-orange-100 text-orange-800",
  Seasonal: "bg-blue-100 text-blue-800",
  "Common Issue": "bg-green-100 text-green-800",
}

export function UrgencyBadge({ urgency }: { urgency: string }) {
  return (
    <span
      className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${URGENCY_CLASSES[urgency] ?? "bg-slate-100 text-slate-800"}`}
    >
      {urgency}
    </span>
  )
}
