import { useEffect } from "react"

/** While active, the page behind a modal does not scroll; the previous setting comes back after. */
export function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return
    const { overflow } = document.body.style
    document.body.style.overflow = "hidden"
    return () => {
      document.body.style.overflow = overflow
    }
  }, [active])
}
