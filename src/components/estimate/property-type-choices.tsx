import { ChoiceCard } from "./choice-card"
import type { WizardOptions } from "./types"

/** Step 1's cards, live in the wizard and disabled in its prerendered shell. */
export function PropertyTypeChoices({
  types,
  selected = "",
  onSelect,
}: {
  types: WizardOptions["propertyTypes"]
  selected?: string
  /** Absent in the shell, where the cards are disabled. */
  onSelect?: (id: string) => void
}) {
  return (
    <div className="mt-5 grid gap-3 sm:grid-cols-2">
      {types.map((type) => (
        <ChoiceCard
          key={type.id}
          type="radio"
          name="propertyType"
          value={type.id}
          checked={selected === type.id}
          onChange={() => onSelect?.(type.id)}
          title={type.label}
          disabled={!onSelect}
        />
      ))}
    </div>
  )
}
