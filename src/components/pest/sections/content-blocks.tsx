import { CircleAlert, CircleCheck, Lightbulb } from "../../ui/ui-icons"
import { TextList } from "../../ui/text-list"
import type { PestSectionData } from "../types"

const LIST_ICONS = { check: CircleCheck, warning: CircleAlert, tip: Lightbulb } as const
const LIST_COLORS = { check: "text-brand-700", warning: "text-orange-600", tip: "text-amber-600" } as const

export function PointList({ points, style }: { points: readonly string[]; style?: string | null }) {
  const key = (style && style in LIST_ICONS ? style : "check") as keyof typeof LIST_ICONS
  const Marker = LIST_ICONS[key]
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {points.map((point) => (
        <li key={point} className="flex gap-3 text-slate-700">
          <Marker className={`mt-0.5 h-5 w-5 shrink-0 ${LIST_COLORS[key]}`} aria-hidden="true" />
          <span>{point}</span>
        </li>
      ))}
    </ul>
  )
}

export function StepList({ steps }: { steps: NonNullable<PestSectionData["steps"]> }) {
  return (
    <ol className="grid gap-5 md:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, i) => (
        <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-5">
          <span
            className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
            aria-hidden="true"
          >
            {i + 1}
          </span>
          <h3 className="mt-3 font-semibold text-slate-900">{step.title}</h3>
          <p className="mt-1 text-sm text-slate-700">{step.description}</p>
        </li>
      ))}
    </ol>
  )
}

const TONES: Record<string, string> = {
  info: "border-sky-300 bg-sky-50",
  warning: "border-amber-400 bg-amber-50",
  success: "border-green-400 bg-green-50",
}

export function Callout({
  body,
  tone,
  points,
}: {
  body: string
  tone?: string | null
  points?: readonly string[] | null
}) {
  return (
    <div className={`rounded-xl border-l-4 p-5 ${TONES[tone ?? "info"] ?? TONES.info}`}>
      <p className="text-slate-800">{body}</p>
      {points && points.length > 0 && (
        <TextList items={points} className="mt-3 list-disc space-y-1 pl-5 text-slate-800" />
      )}
    </div>
  )
}

export function AreaList({ areas }: { areas: NonNullable<PestSectionData["areas"]> }) {
  return (
    <ul className="grid gap-5 md:grid-cols-2">
      {areas.map((area) => (
        <li key={area.area} className="rounded-xl border border-slate-200 bg-white p-5">
          <h3 className="text-lg font-semibold text-slate-900">{area.area}</h3>
          <p className="mt-1 text-slate-700">{area.description}</p>
          <TextList items={area.solutions} className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700" />
        </li>
      ))}
    </ul>
  )
}
