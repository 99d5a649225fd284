import type { ReactNode } from "react"
import { useHydratedNow } from "../../hooks/use-hydrated-now"
import { todayNotice } from "../../lib/holidays"
import { useLanguage } from "../../lib/i18n/language"
import type { HolidayProps } from "./holiday-notices"

/**
 * A line the day's closure notice ("Closed today for Thanksgiving") replaces once the browser knows the date.
 * Both sit in one grid cell, the line kept under the notice (invisible, hidden from screen readers), so the
 * box keeps the size it was prerendered with and nothing around it moves (no layout shift).
 */
export function ClosureInPlace({
  holidays,
  children,
  className,
  closedClassName,
}: {
  holidays: HolidayProps
  children: ReactNode
  className?: string
  closedClassName?: string
}) {
  const now = useHydratedNow()
  const language = useLanguage()
  const closed = now ? todayNotice(holidays.schedule, holidays.texts, now, language) : undefined
  return (
    <p className={`grid ${className ?? ""}`}>
      <span className={`[grid-area:1/1] ${closed ? "invisible" : ""}`} aria-hidden={closed ? true : undefined}>
        {children}
      </span>
      {closed && (
        <span className={`[grid-area:1/1] ${closedClassName ?? ""}`} data-closed-today="">
          {closed}
        </span>
      )}
    </p>
  )
}
