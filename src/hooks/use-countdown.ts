import { useEffect, useState } from "react"

/** Seconds in an "hh:mm:ss" text such as 23:59:59. */
export function secondsOf(clock: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = clock.split(":").map(Number)
  return hours * 3600 + minutes * 60 + seconds
}

const twoDigits = (value: number) => String(value).padStart(2, "0")

/** "hh:mm:ss" for a number of seconds. */
export const clockOf = (totalSeconds: number) =>
  `${twoDigits(Math.floor(totalSeconds / 3600))}:${twoDigits(Math.floor((totalSeconds % 3600) / 60))}:${twoDigits(totalSeconds % 60)}`

/**
 * Seconds left of a countdown that starts at `startSeconds` on every page
 * load (so the prerendered page shows the start too), ticks each second,
 * stops at zero and never starts again. It counts from the clock, not from
 * the ticks, so a throttled background tab still shows the right time.
 */
export function useCountdown(startSeconds: number): number {
  const [remaining, setRemaining] = useState(startSeconds)
  // The first start value, kept: a new one must not restart a running countdown.
  const [start] = useState(startSeconds)
  useEffect(() => {
    const startedAt = Date.now()
    const timer = setInterval(() => {
      const left = Math.max(0, start - Math.floor((Date.now() - startedAt) / 1000))
      setRemaining(left)
      if (left === 0) clearInterval(timer)
    }, 1000)
    return () => {
      clearInterval(timer)
    }
  }, [start])
  return remaining
}
