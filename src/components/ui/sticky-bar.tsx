import type { ReactNode } from "react"

const EDGES = {
  top: "top-0 hidden shadow md:block",
  bottom: "bottom-0 border-t border-brand-800 px-3 pb-3 pt-2 text-center shadow-2xl md:hidden",
} as const

/** What every call bar shows: the call button and the special rate's exclusions. */
export interface CallBarProps {
  phone: { readonly e164: string }
  callLabel: string
  exclusions: string
}

/**
 * A dark bar stuck to one edge of the screen while the page scrolls. One `placement` names it both for the
 * call tracking and for the tests, so the two can never drift apart.
 */
export function StickyBar({
  edge,
  placement,
  children,
}: {
  edge: keyof typeof EDGES
  placement: string
  children: ReactNode
}) {
  return (
    <div
      className={`sticky z-40 bg-brand-900 text-white ${EDGES[edge]}`}
      data-placement={placement}
      data-testid={placement}
    >
      {children}
    </div>
  )
}
