/**
 * At phone widths: no page is wider than the screen (no sideways scrolling), and at the end of the page
 * no bar fixed or stuck to the bottom of the screen covers any text.
 */
import type { Page } from "playwright-core"

export const PHONE_WIDTHS = [320, 360, 390, 414]
export const PHONE_HEIGHT = 740

/** Scrolls to the very end of the page and waits until it is there. */
async function scrollToEnd(page: Page) {
  await page.evaluate(() => {
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" })
  })
  await page.waitForFunction(
    () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
  )
}

/**
 * The text lines a visible bottom bar (position fixed or sticky, touching the bottom of the screen)
 * covers, as "bar covers 'text'". Runs in the page.
 */
function coveredByBottomBars(): string[] {
  const bars = Array.from(document.querySelectorAll<HTMLElement>("body *")).filter((element) => {
    const { position } = getComputedStyle(element)
    if (position !== "fixed" && position !== "sticky") return false
    const box = element.getBoundingClientRect()
    return (
      element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
      box.width > 0 &&
      box.height > 0 &&
      box.bottom >= window.innerHeight - 1 &&
      box.top > window.innerHeight / 2
    )
  })
  const covered: string[] = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim()
    const parent = node.parentElement
    if (!text || !parent || bars.some((bar) => bar.contains(parent))) continue
    if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue
    const range = document.createRange()
    range.selectNodeContents(node)
    for (const line of Array.from(range.getClientRects())) {
      // Skip visually hidden text (sr-only is a 1 px box) and lines outside the screen.
      if (line.width <= 1 || line.height <= 1 || line.bottom <= 0 || line.top >= window.innerHeight) continue
      for (const bar of bars) {
        const box = bar.getBoundingClientRect()
        if (line.bottom > box.top + 0.5 && line.top < box.bottom && line.right > box.left && line.left < box.right)
          covered.push(
            `${bar.dataset.placement ?? bar.tagName.toLowerCase()} (top ${String(Math.round(box.top))}) covers "${text.slice(0, 40)}" (bottom ${String(Math.round(line.bottom))})`,
          )
      }
    }
  }
  return covered
}

/**
 * The page at `width` × PHONE_HEIGHT (resized in place: the site lays out by CSS media queries alone, no
 * script reads the width): its width if wider than the screen, and what a bottom bar covers at its end.
 */
export async function phoneWidthProblems(page: Page, width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: PHONE_HEIGHT })
  const problems: string[] = []
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  if (scrollWidth > innerWidth) problems.push(`${String(scrollWidth)} px wide`)
  await scrollToEnd(page)
  problems.push(...(await page.evaluate(coveredByBottomBars)))
  return problems
}
