import type { HoursLine } from "../../lib/hours"

/** Opening hours, one line per group of days. */
export function HoursList({ hours }: { hours: readonly HoursLine[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3">
      {hours.map((line) => (
        <div key={line.days} className="contents">
          <dt>{line.days}</dt>
          <dd>{line.time}</dd>
        </div>
      ))}
    </dl>
  )
}
