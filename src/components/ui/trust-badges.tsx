import { Icon } from "./icon"

export interface LabelledIcon {
  readonly icon: string
  readonly label: string
}

/** Short reasons to trust us (licensed, insured, local, guaranteed), each with its icon. `className` places the row. */
export function TrustBadges({ badges, className = "" }: { badges: readonly LabelledIcon[]; className?: string }) {
  return (
    <ul className={`flex flex-wrap justify-center gap-3 ${className}`}>
      {badges.map((badge) => (
        <li
          key={badge.label}
          className="flex items-center gap-2 rounded-full border border-brand-100 bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-900"
        >
          <Icon name={badge.icon} className="h-5 w-5 text-brand-700" />
          {badge.label}
        </li>
      ))}
    </ul>
  )
}
