/**
 * One delegated listener tracks every tel: link on every page, including links added later, without
 * each component having to remember it. It is all every page carries: the reporting code (phone-call-report.ts)
 * loads on the first phone click, unless `report` is given (tests).
 */
export function installPhoneCallTracking(
  root: Document = document,
  report: (target: Element) => void = (target) =>
    void import("./phone-call-report").then((report) => {
      report.reportPhoneClick(target)
    }),
): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest("a[href^='tel:']")) report(event.target)
  }
  root.addEventListener("click", onClick, { capture: true })
  return () => {
    root.removeEventListener("click", onClick, { capture: true })
  }
}
