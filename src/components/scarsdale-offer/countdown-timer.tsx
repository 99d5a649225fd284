import { useId } from "react"
import { clockOf, secondsOf, useCountdown } from "../../hooks/use-countdown"

/** The offer's countdown, hh:mm:ss, from `start` on every page load. */
export function CountdownTimer({ label, start }: { label: string; start: string }) {
  const remaining = useCountdown(secondsOf(start))
  const labelId = useId()
  return (
    <p className="flex flex-wrap items-center justify-center gap-2 text-lg">
      <span id={labelId}>{label}</span>
      <span
        role="timer"
        aria-labelledby={labelId}
        className="rounded-lg bg-slate-900/40 px-3 py-1 font-mono text-2xl font-bold tabular-nums"
      >
        {clockOf(remaining)}
      </span>
    </p>
  )
}
