import { Link } from "gatsby"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { Menu } from "../ui/ui-icons"
import { Fragment, useCallback, useRef, useState } from "react"
import { isActivePath } from "../../lib/active-link"
import type { HoursLine } from "../../lib/hours"
import { withTrailingSlash } from "../../lib/paths"
import type { HolidayProps } from "../ui/holiday-notices"
import { ClosureInPlace } from "../ui/closure-in-place"
import { PhoneLink } from "../ui/phone-link"
import type { HeaderNavigation } from "./header-navigation"
import { Logo } from "./logo"
import { MobileMenu } from "./mobile-menu"
import { navLinkClass } from "./nav-link-class"
import { ServicesDropdown } from "./services-dropdown"

const DESKTOP_CALL_CLASS = "flex items-center justify-end gap-1 whitespace-nowrap font-bold text-brand-800"
const MOBILE_CALL_CLASS =
  "inline-flex items-center gap-1 rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white"

export interface SiteHeaderProps {
  companyName: string
  logo?: IGatsbyImageData | null
  phone: { display: string; e164: string }
  navigation: HeaderNavigation
  /** The pests the Services dropdown lists, in menu order. */
  menuPests: ReadonlyArray<{ slug: string; name: string }>
  hours: readonly HoursLine[]
  /** For "Closed today for Thanksgiving" beside the hours. */
  holidays: HolidayProps
  /** The current path, with its trailing slash. */
  currentPath: string
}

/** Sticky navigation: logo, menu with the Services dropdown, phone and hours, estimate button; a slide-in menu on small screens. */
export function SiteHeader({
  companyName,
  logo,
  phone,
  navigation,
  menuPests,
  hours,
  holidays,
  currentPath,
}: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const closeMenu = useCallback(() => {
    setMenuOpen(false)
  }, [])
  const { servicesMenu, estimateCta } = navigation

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white" data-placement="header">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Logo name={companyName} image={logo} />
        <nav aria-label={navigation.labels.mainMenu} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navigation.main.map((link) => {
              const active = isActivePath(link.path, currentPath)
              return (
                <li key={link.path}>
                  {link.path === servicesMenu.path ? (
                    <ServicesDropdown
                      label={servicesMenu.label}
                      allLabel={servicesMenu.allLabel}
                      path={servicesMenu.path}
                      pests={menuPests}
                      active={active}
                      currentPath={currentPath}
                    />
                  ) : (
                    <Link
                      to={withTrailingSlash(link.path)}
                      className={navLinkClass(active)}
                      aria-current={active ? "page" : undefined}
                    >
                      {link.label}
                    </Link>
                  )}
                </li>
              )
            })}
          </ul>
        </nav>
        <div className="hidden items-center gap-4 lg:flex">
          <div className="hidden text-right xl:block">
            <PhoneLink phone={phone} icon="sm" className={DESKTOP_CALL_CLASS} />
            <ClosureInPlace
              holidays={holidays}
              className="text-xs text-slate-600"
              closedClassName="font-semibold text-accent-700"
            >
              {/* A group of days never breaks; the line breaks between groups where the words are longer than
                  the room (Spanish's "8:00 a. m. – 6:00 p. m." at 1280 px), so no hour is cut off. */}
              {hours.map((line, index) => (
                <Fragment key={line.days}>
                  {index > 0 && " · "}
                  <span className="inline-block whitespace-nowrap" data-hours-line="">
                    {`${line.days} ${line.time}`}
                  </span>
                </Fragment>
              ))}
            </ClosureInPlace>
          </div>
          <Link
            to={withTrailingSlash(navigation.routes.estimate.path)}
            className="whitespace-nowrap rounded-lg bg-accent-600 px-4 py-2 text-sm font-semibold text-white shadow hover:bg-accent-700"
          >
            {estimateCta.label}
          </Link>
        </div>
        <div className="flex items-center gap-2 lg:hidden">
          <PhoneLink
            phone={phone}
            label={navigation.labels.call}
            number="sr-only"
            icon="sm"
            className={MOBILE_CALL_CLASS}
          />
          <button
            ref={menuButton}
            type="button"
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
            aria-label={navigation.labels.openMenu}
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            onClick={() => {
              setMenuOpen(true)
            }}
          >
            <Menu className="h-6 w-6" aria-hidden="true" />
          </button>
        </div>
      </div>
      <MobileMenu
        open={menuOpen}
        onClose={closeMenu}
        companyName={companyName}
        logo={logo}
        phone={phone}
        navigation={navigation}
        hours={hours}
        holidays={holidays}
        currentPath={currentPath}
      />
    </header>
  )
}
