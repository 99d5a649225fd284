import { Icon } from "../ui/icon"
import type { LabelledIcon } from "./types"

/** Short reasons to trust us, each with its icon. */
export function TrustBadges({ badges }: { badges: readonly LabelledIcon[] }) {
  return (
    <ul className="mx-auto flex max-w-6xl flex-wrap justify-center gap-3 px-4 py-10">
      {badges.map((badge) => (
        <li key={badge.label} className="flex items-center gap-2 rounded-full border border-brand-100 bg-brand-50 px-4 py-2 font-semibold text-brand-900">
          <Icon name={badge.icon} className="h-5 w-5 text-brand-700" />
          {badge.label}
        </li>
      ))}
    </ul>
  )
}
