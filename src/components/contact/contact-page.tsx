import { Clock, Mail, MapPin, Phone, Zap } from "../ui/ui-icons"
import type { ReactNode } from "react"
import type { HoursLine } from "../../lib/hours"
import { PhoneLink } from "../ui/phone-link"
import { PageHero } from "../page/page-hero"
import { CheckListPanel } from "../ui/check-list"
import { ClosedToday, UpcomingClosures, type HolidayProps } from "../ui/holiday-notices"
import { HoursList } from "../ui/hours-list"
import { Panel } from "../ui/panel"
import type { ContactPageTexts } from "../../../gatsby/data-schemas/contact-page"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"

const CALL_LINK_CLASS =
  "mt-4 inline-flex items-center gap-2 rounded-lg bg-white px-5 py-3 font-semibold text-accent-700 hover:bg-amber-50"

/** The cards beside the form (the form's own texts go to the form). */
export type ContactContent = ReadonlyData<Omit<ContactPageTexts, "formHeading" | "formIntro" | "form">>

export interface ContactPageProps {
  heading: string
  intro: string
  content: ContactContent
  phone: { display: string; e164: string }
  email: string
  hours: readonly HoursLine[]
  /** Today's closure and the coming ones, under the hours. */
  holidays: HolidayProps
  /** The message form; the page lays it out beside the cards. */
  form?: ReactNode
}

function InfoCard({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      <div>
        <h3 className="font-semibold text-slate-900">{label}</h3>
        <div className="mt-1 text-slate-700">{children}</div>
      </div>
    </div>
  )
}

export function ContactPage({ heading, intro, content, phone, email, hours, holidays, form }: ContactPageProps) {
  return (
    <>
      <PageHero heading={heading} intro={intro} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 lg:grid-cols-2" data-placement="contact-page">
        <div className="space-y-6">
          {form}
          <CheckListPanel
            id="why-contact"
            heading={content.whyHeading}
            items={content.whyPoints}
            headingSize="text-xl"
          />
        </div>
        <div className="space-y-4">
          <InfoCard icon={<Phone className="h-5 w-5" aria-hidden="true" />} label={content.phoneLabel}>
            <PhoneLink
              phone={phone}
              className="inline-block min-h-6 font-semibold text-brand-800 underline underline-offset-2"
            />
          </InfoCard>
          <InfoCard icon={<Mail className="h-5 w-5" aria-hidden="true" />} label={content.emailLabel}>
            <a
              href={`mailto:${email}`}
              className="inline-block min-h-6 font-semibold text-brand-800 underline underline-offset-2"
            >
              {email}
            </a>
          </InfoCard>
          <InfoCard icon={<MapPin className="h-5 w-5" aria-hidden="true" />} label={content.areaLabel}>
            {content.areaSummary}
          </InfoCard>
          <InfoCard icon={<Clock className="h-5 w-5" aria-hidden="true" />} label={content.hoursLabel}>
            <HoursList hours={hours} />
            <ClosedToday {...holidays} className="mt-2 font-semibold text-accent-700" />
            <UpcomingClosures {...holidays} />
          </InfoCard>
          <Panel
            id="same-day"
            heading={
              <>
                <Zap className="h-5 w-5" aria-hidden="true" />
                {content.sameDay.heading}
              </>
            }
            headingClassName="flex items-center gap-2 text-xl font-bold"
            surface="accent"
          >
            <p className="mt-2">{content.sameDay.text}</p>
            <PhoneLink phone={phone} label={content.sameDay.callLabel} icon="md" className={CALL_LINK_CLASS} />
          </Panel>
          <Panel
            id="service-area"
            heading={content.serviceAreaHeading}
            headingClassName="text-xl font-bold text-brand-900"
            surface="white"
          >
            <ul className="mt-3 flex flex-wrap gap-2">
              {content.serviceAreaPlaces.map((place) => (
                <li key={place} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
                  {place}
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-slate-700">{content.serviceAreaNote}</p>
          </Panel>
        </div>
      </div>
    </>
  )
}
