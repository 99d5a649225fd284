import { Link } from "gatsby"
import type { ReactNode } from "react"
import { ExternalLink, Mail, MapPin, ShieldCheck } from "../ui/ui-icons"
import { withTrailingSlash } from "../../lib/paths"
import { PhoneLink } from "../ui/phone-link"
import { TextList } from "../ui/text-list"
import type { Navigation } from "../../../gatsby/data-schemas/navigation"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"

type LinkItem = { readonly label: string; readonly path: string }

export type FooterNavigation = ReadonlyData<Navigation["footer"]>

export interface SiteFooterProps {
  company: {
    readonly name: string
    readonly tagline: string
    readonly phone: { readonly display: string; readonly e164: string }
    readonly email: string
    readonly address: {
      readonly street: string
      readonly city: string
      readonly region: string
      readonly postalCode: string
    }
    readonly licenseNumber: string
    readonly insuranceNote: string
    readonly footerTowns: readonly string[]
    readonly customerPortal: { readonly label: string; readonly url: string }
  }
  footer: FooterNavigation
  servicesPath: string
  /** The pests of the Services column, in order (those whose file sets menu.footer). */
  pests: ReadonlyArray<{ readonly slug: string; readonly name: string; readonly route: string }>
  /** The year of the build, for the copyright line. */
  year: string
}

const headingClass = "mb-3 text-sm font-semibold uppercase tracking-wide text-white"
// At least 24 px tall (WCAG 2.5.8): a line of small text alone is 20 px, too small to tap reliably.
const linkClass = "min-h-6 text-slate-300 hover:text-white hover:underline"

/** A column of the footer, a landmark labelled by its heading. */
function FooterColumn({
  landmark: Landmark,
  id,
  heading,
  children,
}: {
  landmark: "nav" | "section"
  id: string
  heading: string
  children: ReactNode
}) {
  return (
    <Landmark aria-labelledby={id}>
      <h2 id={id} className={headingClass}>
        {heading}
      </h2>
      {children}
    </Landmark>
  )
}

/** A list of links to the site's pages; `children` are the list's last items. */
function PageLinks({
  links,
  className,
  children,
}: {
  links: readonly LinkItem[]
  className: string
  children?: ReactNode
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.path}>
          <Link to={withTrailingSlash(link.path)} className={`inline-flex items-center ${linkClass}`}>
            {link.label}
          </Link>
        </li>
      ))}
      {children}
    </ul>
  )
}

export function SiteFooter({ company, footer, servicesPath, pests, year }: SiteFooterProps) {
  const { address, phone } = company
  return (
    <footer className="bg-slate-900 text-sm text-slate-300" data-placement="footer">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <FooterColumn landmark="section" id="footer-contact" heading={footer.contactHeading}>
          <p className="mb-3 font-semibold text-white">{company.name}</p>
          <address className="space-y-2 not-italic">
            <p className="flex gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span>
                {address.street}, {address.city}, {address.region} {address.postalCode}
              </span>
            </p>
            <p>
              <PhoneLink phone={phone} icon="sm" className={`flex items-center gap-2 ${linkClass}`} />
            </p>
            <p>
              <a href={`mailto:${company.email}`} className={`flex items-center gap-2 ${linkClass}`}>
                <Mail className="h-4 w-4" aria-hidden="true" />
                {company.email}
              </a>
            </p>
          </address>
        </FooterColumn>
        <FooterColumn landmark="nav" id="footer-services" heading={footer.servicesHeading}>
          <PageLinks className="space-y-2" links={pests.map((pest) => ({ label: pest.name, path: pest.route }))}>
            <li>
              <Link to={withTrailingSlash(servicesPath)} className={`inline-flex items-center ${linkClass}`}>
                {footer.allServicesLabel}
              </Link>
            </li>
          </PageLinks>
        </FooterColumn>
        <FooterColumn landmark="nav" id="footer-company" heading={footer.companyHeading}>
          <PageLinks className="space-y-2" links={footer.company}>
            <li>
              <a
                href={company.customerPortal.url}
                className={`inline-flex items-center gap-1 ${linkClass}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {company.customerPortal.label}
                <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                <span className="sr-only">{footer.newTabNote}</span>
              </a>
            </li>
          </PageLinks>
        </FooterColumn>
        <FooterColumn landmark="section" id="footer-area" heading={footer.serviceAreaHeading}>
          <TextList items={company.footerTowns} className="mb-4 space-y-1" />
          <p className="flex gap-2">
            <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-brand-100" aria-hidden="true" />
            <span>
              <span className="font-semibold text-white">{footer.licensedNote}.</span> {company.insuranceNote}.{" "}
              {company.licenseNumber}
            </span>
          </p>
        </FooterColumn>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {company.name}. {footer.rightsReserved}
          </p>
          <nav aria-label={footer.legalHeading}>
            <PageLinks className="flex gap-4" links={footer.legal} />
          </nav>
        </div>
      </div>
    </footer>
  )
}
