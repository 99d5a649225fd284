import { Icon } from "./icon"

export interface LabelledIcon {
  readonly icon: string
  readonly label: string
}

// Small white pills stand out on the offer hero's tinted ground; the larger tinted ones on a white section.
const SIZES = {
  md: {
    list: "justify-center gap-3",
    item: "flex gap-2 bg-brand-50 px-4 py-2 text-brand-900",
    icon: "h-5 w-5 text-brand-700",
  },
  sm: { list: "gap-2", item: "inline-flex gap-1.5 bg-white px-3 py-1.5 text-brand-800", icon: "h-4 w-4" },
} as const

/** Short reasons to trust us (licensed, insured, local, guaranteed), each with its icon. `className` places the row. */
export function TrustBadges({
  badges,
  size = "md",
  className = "",
}: {
  badges: readonly LabelledIcon[]
  size?: keyof typeof SIZES
  className?: string
}) {
  const look = SIZES[size]
  return (
    <ul className={`flex flex-wrap ${look.list} ${className}`}>
      {badges.map((badge) => (
        <li
          key={badge.label}
          className={`items-center rounded-full border border-brand-100 text-sm font-semibold ${look.item}`}
        >
          <Icon name={badge.icon} className={look.icon} />
          {badge.label}
        </li>
      ))}
    </ul>
  )
}
