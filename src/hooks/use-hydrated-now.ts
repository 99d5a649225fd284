import { useEffect, useState } from "react"

/**
 * The time, read after hydration: null in the prerendered HTML and in the first render in the browser,
 * so a display that depends on today (a holiday notice) never differs from the HTML it hydrates.
 */
export function useHydratedNow(): Date | null {
  const [now, setNow] = useState<Date | null>(null)
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the clock is read after hydration so the page matches its prerendered HTML
    setNow(new Date())
  }, [])
  return now
}
