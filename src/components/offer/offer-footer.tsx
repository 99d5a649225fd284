import type { HoursLine } from "../../lib/hours"
import { PhoneLink } from "../ui/phone-link"
import { ClosedToday, type HolidayProps } from "../ui/holiday-notices"
import { HoursList } from "../ui/hours-list"

export interface OfferFooterProps {
  companyName: string
  tagline: string
  phone: { display: string; e164: string }
  email: string
  website: { label: string; url: string }
  hours: readonly HoursLine[]
  /** For "Closed today for Thanksgiving" under the hours. */
  holidays: HolidayProps
  towns: readonly string[]
  labels: { hoursHeading: string; areasHeading: string }
}

/** The offer pages' footer: company, tagline, phone, e-mail, website, hours and service-area towns. */
export function OfferFooter({
  companyName,
  tagline,
  phone,
  email,
  website,
  hours,
  holidays,
  towns,
  labels,
}: OfferFooterProps) {
  return (
    <footer className="bg-slate-900 px-4 py-10 text-slate-300" data-placement="offer-footer">
      <div className="mx-auto grid max-w-6xl gap-8 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{companyName}</p>
          <p className="mt-1 text-sm">{tagline}</p>
          <p className="mt-4">
            <PhoneLink
              phone={phone}
              className="inline-flex min-h-6 items-center font-semibold text-white underline-offset-2 hover:underline"
            />
          </p>
          <p>
            <a href={`mailto:${email}`} className="inline-block min-h-6 underline-offset-2 hover:underline">
              {email}
            </a>
          </p>
          <p>
            <a href={website.url} className="inline-flex min-h-6 items-center underline-offset-2 hover:underline">
              {website.label}
            </a>
          </p>
        </div>
        <div className="text-sm">
          <h2 className="mb-2 font-semibold text-white">{labels.hoursHeading}</h2>
          <HoursList hours={hours} />
          <ClosedToday {...holidays} className="mt-2 font-semibold text-white" />
        </div>
        <div className="text-sm">
          <h2 className="mb-2 font-semibold text-white">{labels.areasHeading}</h2>
          <ul className="flex flex-wrap gap-x-3 gap-y-1">
            {towns.map((town) => (
              <li key={town}>{town}</li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  )
}
