import { useState } from "react"
import { createFillTimer, type FillTimer } from "./fill-timer"

/** One fill timer per form, started when the form is first rendered (lazy state: made once, never during a later render). */
export function useFillTimer(): FillTimer {
  const [timer] = useState(createFillTimer)
  return timer
}
