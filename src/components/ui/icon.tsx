import { withPrefix } from "gatsby"

/**
 * An icon named in a data file, drawn from the sprite static/icons.svg
 * (`npm run images` writes it from lucide's icons), so it costs no
 * JavaScript. Decorative: hidden from assistive technology.
 */
export function Icon({ name, className = "h-6 w-6" }: { name: string; className?: string }) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`${withPrefix("/icons.svg")}#${name}`} />
    </svg>
  )
}

/** A data-named icon in the round tinted badge that heads a card. */
export const IconBadge = ({ name }: { name: string }) => (
  <span className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
    <Icon name={name} />
  </span>
)
