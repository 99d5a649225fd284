import { useEffect, useLayoutEffect, useRef } from "react"

/** Whether a mouseout is the pointer leaving the window through its top edge (towards the tabs or the address bar). */
export const isExitThroughTop = (event: MouseEvent) => event.relatedTarget === null && event.clientY <= 0

/**
 * Calls onExit each time the pointer leaves the window through the top
 * while `enabled`. Touch screens have no such gesture, so it never fires there.
 */
export function useExitIntent(onExit: () => void, enabled: boolean) {
  const callback = useRef(onExit)
  // Read when the event fires: the listener itself goes away in an effect, a frame after `enabled` turns false.
  const active = useRef(enabled)
  // Updated as soon as a render is committed (before any later event), and before the listener's effect runs.
  useLayoutEffect(() => {
    callback.current = onExit
    active.current = enabled
  })
  useEffect(() => {
    if (!enabled) return
    const onMouseOut = (event: MouseEvent) => {
      if (active.current && isExitThroughTop(event)) callback.current()
    }
    document.addEventListener("mouseout", onMouseOut)
    return () => {
      document.removeEventListener("mouseout", onMouseOut)
    }
  }, [enabled])
}
