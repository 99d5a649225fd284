/**
 * The time a visitor spends in a form, measured with the browser's monotonic clock
 * (performance.now), which no clock change or wrong system time can move. The backend
 * gets the elapsed milliseconds and never compares two clocks.
 */
export interface FillTimer {
  /** Whole milliseconds since the form was shown (plus any time carried over from an earlier page load). */
  elapsedMs: () => number
  /** Starts again, carrying `carriedMs` already spent (the wizard restores its answers after a reload). */
  reset: (carriedMs?: number) => void
}

export function createFillTimer(now: () => number = () => performance.now()): FillTimer {
  let start = now()
  let carried = 0
  return {
    elapsedMs: () => Math.max(0, Math.round(carried + now() - start)),
    reset: (carriedMs = 0) => {
      start = now()
      carried = Number.isFinite(carriedMs) && carriedMs > 0 ? carriedMs : 0
    },
  }
}
