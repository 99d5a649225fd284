import { useCallback, useEffect, useRef, useState } from "react"

/** The navigation menu's timing: open after hovering 200 ms, close 150 ms after leaving,
 * and re-open at once when the pointer comes back within 300 ms of a close. */
export const MENU_DELAYS = { open: 200, skip: 300, close: 150 } as const

export function useDelayedOpen(delays: { open: number; skip: number; close: number } = MENU_DELAYS) {
  const [open, setOpenState] = useState(false)
  const openRef = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const lastClosedAt = useRef(Number.NEGATIVE_INFINITY)

  const clearTimer = () => {
    if (timer.current !== undefined) clearTimeout(timer.current)
    timer.current = undefined
  }

  const setOpen = useCallback((next: boolean) => {
    clearTimer()
    if (openRef.current && !next) lastClosedAt.current = Date.now()
    openRef.current = next
    setOpenState(next)
  }, [])

  const openSoon = useCallback(() => {
    clearTimer()
    if (openRef.current) return
    if (Date.now() - lastClosedAt.current < delays.skip) setOpen(true)
    else
      timer.current = setTimeout(() => {
        setOpen(true)
      }, delays.open)
  }, [delays.open, delays.skip, setOpen])

  const closeSoon = useCallback(() => {
    clearTimer()
    if (openRef.current)
      timer.current = setTimeout(() => {
        setOpen(false)
      }, delays.close)
  }, [delays.close, setOpen])

  useEffect(() => clearTimer, [])

  return { open, setOpen, openSoon, closeSoon }
}
