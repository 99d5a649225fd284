/**
 * The CPU slowdown that makes this machine stand in for Lighthouse's reference phone.
 * Lighthouse's mobile preset slows the CPU 4×, which assumes a host with a benchmarkIndex of
 * about 1533; on a slower host (or one busy with a second build) the same page scores worse
 * only because the host is slower, and Lighthouse warns so and points to calibrating the
 * multiplier (docs/throttling.md). These are the calculator's steps Lighthouse links there
 * (github.com/patrickhulce/lighthouse-cpu-throttling-calculator), capped at the preset's 4×
 * so a fast host is never measured more leniently than the standard.
 */
export const LIGHTHOUSE_DEFAULT_SLOWDOWN = 4

export function calibratedSlowdown(benchmarkIndex: number | null): number {
  if (benchmarkIndex === null || !Number.isFinite(benchmarkIndex)) return LIGHTHOUSE_DEFAULT_SLOWDOWN
  const multiplier =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + Math.max(benchmarkIndex - 150, 0) / 650
  return Math.round(Math.min(multiplier, LIGHTHOUSE_DEFAULT_SLOWDOWN) * 100) / 100
}
