import { TriangleAlert } from "../ui/ui-icons"

/** The amber warning shown wherever the pests are, when they include ones needing special treatment. */
export function SpecialTreatmentWarning({
  pests,
  title,
  text,
}: {
  pests: readonly string[]
  title: string
  text: string
}) {
  if (pests.length === 0) return null
  return (
    <div role="note" className="mt-4 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden="true" />
      <div>
        <p className="font-semibold">
          {title} {pests.join(", ")}
        </p>
        <p className="mt-1 text-sm">{text}</p>
      </div>
    </div>
  )
}
