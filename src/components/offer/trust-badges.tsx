import { Icon } from "../ui/icon"

/** Short proofs of trust: licensed, insured, local, guaranteed. */
export function TrustBadges({ badges }: { badges: ReadonlyArray<{ readonly icon: string; readonly label: string }> }) {
  return (
    <ul className="mt-10 flex flex-wrap justify-center gap-3">
      {badges.map((badge) => (
        <li key={badge.label} className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800">
          <Icon name={badge.icon} className="h-5 w-5" />
          {badge.label}
        </li>
      ))}
    </ul>
  )
}
