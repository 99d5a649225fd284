import { Link } from "gatsby"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { Clock, X } from "../ui/ui-icons"
import { isActivePath } from "../../lib/active-link"
import type { HoursLine } from "../../lib/hours"
import { withTrailingSlash } from "../../lib/paths"
import { PhoneLink } from "../ui/phone-link"
import { ClosedToday, type HolidayProps } from "../ui/holiday-notices"
import { HoursList } from "../ui/hours-list"
import { ModalFrame } from "../ui/modal-dialog"
import type { HeaderNavigation } from "./header-navigation"
import { Logo } from "./logo"

const CALL_LINK_CLASS =
  "flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white"

const MENU_CLASSES = {
  frame: "lg:hidden",
  backdrop: "bg-slate-900/60",
  panel:
    "absolute inset-y-0 right-0 flex w-80 max-w-[85vw] animate-slide-in flex-col gap-5 overflow-y-auto bg-white p-5 shadow-2xl",
}

interface MobileMenuProps {
  open: boolean
  onClose: () => void
  companyName: string
  logo?: IGatsbyImageData | null
  phone: { display: string; e164: string }
  navigation: HeaderNavigation
  hours: readonly HoursLine[]
  holidays: HolidayProps
  currentPath: string
}

/** The slide-in menu for small screens: a modal dialog that keeps focus inside and closes on Escape or navigation. */
export function MobileMenu({
  open,
  onClose,
  companyName,
  logo,
  phone,
  navigation,
  hours,
  holidays,
  currentPath,
}: MobileMenuProps) {
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      name={{ "aria-label": navigation.labels.menu }}
      placement="mobile-menu"
      classes={MENU_CLASSES}
    >
      <div className="flex items-center justify-between">
        <Logo name={companyName} image={logo} compact />
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
          aria-label={navigation.labels.closeMenu}
        >
          <X className="h-6 w-6" aria-hidden="true" />
        </button>
      </div>
      <div>
        <PhoneLink phone={phone} icon="md" className="flex items-center gap-2 text-lg font-bold text-brand-800" />
        <p className="text-sm font-medium text-slate-600">{navigation.mobileTagline}</p>
      </div>
      <nav aria-label={navigation.labels.menu}>
        <ul className="flex flex-col gap-1">
          {navigation.main.map((link) => {
            const active = isActivePath(link.path, currentPath)
            return (
              <li key={link.path}>
                <Link
                  to={withTrailingSlash(link.path)}
                  onClick={onClose}
                  aria-current={active ? "page" : undefined}
                  className={`block rounded-lg px-3 py-2 font-medium ${active ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
                >
                  {link.label}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      <div className="flex flex-col gap-2">
        <Link
          to={withTrailingSlash(navigation.routes.estimate.path)}
          onClick={onClose}
          className="rounded-lg bg-accent-600 px-4 py-3 text-center font-semibold text-white"
        >
          {navigation.estimateCta.mobileLabel}
        </Link>
        <PhoneLink phone={phone} label={navigation.callCta.label} number="none" icon="md" className={CALL_LINK_CLASS} />
      </div>
      <div className="text-sm text-slate-600">
        <p className="mb-1 flex items-center gap-2 font-semibold text-slate-800">
          <Clock className="h-4 w-4" aria-hidden="true" />
          {navigation.labels.hours}
        </p>
        <HoursList hours={hours} />
        <ClosedToday {...holidays} className="mt-1 font-semibold text-accent-700" />
      </div>
    </ModalFrame>
  )
}
