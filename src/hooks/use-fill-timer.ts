import { useState } from "react"
import { createFillTimer, type FillTimer } from "../lib/fill-timer"

/** One fill timer per form, started when the form is first rendered. */
export function useFillTimer(): FillTimer {
  const [timer] = useState(createFillTimer)
  return timer
}
