/**
 * Shared accessibility checks for the browser tests: axe-core with the WCAG 2.2 A/AA rules, the 24 × 24 px
 * target size (2.5.8) measured on every control, and focus not hidden by sticky bars (2.4.11).
 */
import axe from "axe-core"
import type { Page } from "playwright-core"
import { AXE_TAGS } from "../scripts/quality/budgets"

declare global {
  interface Window {
    axe: typeof axe
  }
}

/** axe's violations on the page as it is now, one line each: "rule: selector, selector". */
export async function axeViolations(page: Page): Promise<string[]> {
  // Once per document: a second injection would re-register axe's rules. Evaluated through the
  // browser's debugging protocol, which no page policy governs (the not-found page carries its own).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source)
  return page.evaluate(async (tags) => {
    // Only violations are read: axe then keeps one node per rule for passes and the rest, not a selector
    // for every element checked (the violations it reports are the same, every node of each).
    const result = await window.axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    })
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
  }, AXE_TAGS)
}

/** The smallest a pointer target may be (WCAG 2.2 SC 2.5.8, AA), in CSS px. */
export const MIN_TARGET_PX = 24

/** Collects "where: problem" lines, so one run reports every state that fails, not just the first. */
export function axeReport() {
  const problems: string[] = []
  return {
    problems,
    axe: async (page: Page, where: string) => {
      for (const v of await axeViolations(page)) problems.push(`${where}: ${v}`)
    },
    targets: async (page: Page, where: string, within?: string) => {
      for (const small of await page.evaluate(undersizedTargets, { min: MIN_TARGET_PX, within }))
        problems.push(`${where}: target ${small}`)
    },
  }
}

/**
 * Every visible control smaller than 24 × 24 px, as "tag 'name' W×H". Runs in the page. Exempt, as 2.5.8
 * allows: links inside running text (inline, with words around them), and a control whose label is its
 * target (a checkbox and the label around it act as one target, so the box measured is their union).
 */
export function undersizedTargets({ min, within = "body" }: { min: number; within?: string }): string[] {
  const selector = "a[href], button, input:not([type=hidden]), select, textarea, [role=button], summary"
  const small: string[] = []
  const root = document.querySelector(within)
  for (const element of Array.from(root?.querySelectorAll<HTMLElement>(selector) ?? [])) {
    if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue
    if (element.closest("[aria-hidden=true]") || element.getAttribute("tabindex") === "-1") continue
    let box = element.getBoundingClientRect()
    if (element instanceof HTMLInputElement && element.labels && element.labels.length > 0) {
      for (const label of Array.from(element.labels)) {
        const l = label.getBoundingClientRect()
        const left = Math.min(box.left, l.left)
        const top = Math.min(box.top, l.top)
        box = new DOMRect(left, top, Math.max(box.right, l.right) - left, Math.max(box.bottom, l.bottom) - top)
      }
    }
    // Visually hidden controls (the honeypot, sr-only skip links before focus) are no pointer target.
    if (box.width <= 1 || box.height <= 1) continue
    if (box.width >= min - 0.5 && box.height >= min - 0.5) continue
    if (element.tagName === "A" && getComputedStyle(element).display === "inline") {
      const block = element.parentElement
      const around = (block?.textContent ?? "").replace(element.textContent, "").trim()
      if (around.length > 0) continue
    }
    const name = (element.getAttribute("aria-label") ?? element.textContent).trim().slice(0, 30)
    small.push(
      `${element.tagName.toLowerCase()} "${name}" ${String(Math.round(box.width))}×${String(Math.round(box.height))}`,
    )
  }
  return small
}

/**
 * What covers the focused element, if anything: its centre and the two ends of its top edge are checked with
 * elementFromPoint; a point that lands on a sticky or fixed bar (not inside the focused element) is covered.
 * Not the bottom corners: Chromium scrolls a focused text box only until its caret line shows, so a tall
 * textarea may run under a bottom bar below that line (still far from "entirely hidden", which 2.4.11 forbids).
 * Runs in the page; "" when nothing is focused or nothing covers it.
 */
export function focusCoveredBy(): string {
  const focused = document.activeElement
  if (!(focused instanceof HTMLElement) || focused === document.body) return ""
  const box = focused.getBoundingClientRect()
  if (box.width === 0 || box.height === 0) return ""
  const inset = 2
  const points: Array<[number, number]> = [
    [box.left + box.width / 2, box.top + box.height / 2],
    [box.left + inset, box.top + inset],
    [box.right - inset, box.top + inset],
  ]
  for (const [x, y] of points) {
    if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) continue
    const top = document.elementFromPoint(x, y)
    if (!top || focused.contains(top) || top.contains(focused)) continue
    for (let node: Element | null = top; node; node = node.parentElement) {
      const { position } = getComputedStyle(node)
      if (position === "sticky" || position === "fixed") {
        const bar = node instanceof HTMLElement ? (node.dataset.placement ?? node.tagName.toLowerCase()) : "?"
        const name = (focused.getAttribute("aria-label") ?? focused.textContent).trim().slice(0, 30)
        return `${focused.tagName.toLowerCase()} "${name}" under ${bar} at (${String(Math.round(x))}, ${String(Math.round(y))})`
      }
    }
  }
  return ""
}
