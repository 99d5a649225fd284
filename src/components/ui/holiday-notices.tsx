import { useHydratedNow } from "../../hooks/use-hydrated-now"
import { todayNotice, upcomingNotices, type BusinessSchedule, type ClosedTexts } from "../../lib/holidays"
import { useLanguage } from "../../lib/i18n/language"

/** The company's schedule and what to say about its closed dates: every hours display takes these. */
export interface HolidayProps {
  schedule: BusinessSchedule
  texts: ClosedTexts
}

/** "Closed today for Thanksgiving" on a closed date, nothing otherwise (known only in the browser). */
export function ClosedToday({ schedule, texts, className }: HolidayProps & { className?: string }) {
  const now = useHydratedNow()
  const language = useLanguage()
  const notice = now ? todayNotice(schedule, texts, now, language) : undefined
  return notice ? (
    <p className={className} data-closed-today="">
      {notice}
    </p>
  ) : null
}

/** The next closed dates under their heading (none yet in the prerendered HTML: "next" depends on today). */
export function UpcomingClosures({ schedule, texts }: HolidayProps) {
  const now = useHydratedNow()
  const language = useLanguage()
  const notices = now ? upcomingNotices(schedule, texts, now, undefined, language) : []
  if (notices.length === 0) return null
  return (
    <div className="mt-3 text-sm" data-upcoming-closures="">
      <p className="font-semibold text-slate-800">{texts.upcomingHeading}</p>
      <ul className="mt-1 space-y-0.5">
        {notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
    </div>
  )
}
