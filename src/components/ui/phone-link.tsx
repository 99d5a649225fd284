import { Phone } from "./ui-icons"

const ICON_SIZES = { sm: "h-4 w-4", md: "h-5 w-5", lg: "h-6 w-6" } as const

export interface PhoneLinkProps {
  /** The number: E.164 for the link, display for the text (needed unless `number` is "none"). */
  phone: { readonly e164: string; readonly display?: string }
  /** Words before the number, e.g. "Call Now". */
  label?: string
  /** The number after the label: shown (default), for screen readers only, or left out. */
  number?: "shown" | "sr-only" | "none"
  /** A phone icon before the text, in this size. */
  icon?: keyof typeof ICON_SIZES
  className?: string
  /** Where on the page the link is (header, footer, …), reported with the call by the delegated tel: listener. */
  placement?: string
}

/**
 * Every tel: link of the site. Clicks are tracked by one delegated listener
 * (lib/tracking.ts), which reads `data-placement` and any Ads conversion
 * attributes from the link's ancestors, so this component needs no handler.
 */
export function PhoneLink({ phone, label, number = "shown", icon, className, placement }: PhoneLinkProps) {
  const display = phone.display ?? phone.e164
  return (
    <a href={`tel:${phone.e164}`} className={className} data-placement={placement}>
      {icon && <Phone className={ICON_SIZES[icon]} aria-hidden="true" />}
      {label}
      {/* A number is read as one word: it never breaks across two lines, however narrow its button. */}
      {number === "shown" && (
        <>
          {label && " "}
          <span className="whitespace-nowrap" data-phone-number="">
            {display}
          </span>
        </>
      )}
      {number === "sr-only" && <span className="sr-only"> {display}</span>}
    </a>
  )
}
