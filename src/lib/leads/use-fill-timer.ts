import { useRef } from "react"
import { createFillTimer, type FillTimer } from "./fill-timer"

/** One fill timer per form, started when the form is first rendered. */
export function useFillTimer(): FillTimer {
  const timer = useRef<FillTimer | null>(null)
  timer.current ??= createFillTimer()
  return timer.current
}
