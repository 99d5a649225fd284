import { calibratedSlowdown, LIGHTHOUSE_DEFAULT_SLOWDOWN } from "../scripts/quality/cpu-slowdown"

describe("the CPU slowdown for Lighthouse's repeat runs", () => {
  test.each([
    [1533, 4],
    [1300, 3],
    [1050, 2.5],
    [800, 2],
    [475, 1.5],
    [150, 1],
  ])("a machine with benchmarkIndex %d stands in for the reference phone at %d×", (index, slowdown) => {
    expect(calibratedSlowdown(index)).toBeCloseTo(slowdown, 2)
  })

  test("a fast machine is never measured more leniently than Lighthouse's preset", () => {
    for (const index of [1534, 1766, 2000, 2500, 10_000])
      expect(calibratedSlowdown(index)).toBe(LIGHTHOUSE_DEFAULT_SLOWDOWN)
  })

  test("slower machines get a smaller slowdown, never below 1×", () => {
    const indexes = [0, 50, 150, 400, 800, 1000, 1300, 1400, 1533]
    const slowdowns = indexes.map(calibratedSlowdown)
    for (let i = 1; i < slowdowns.length; i++) expect(slowdowns[i]).toBeGreaterThanOrEqual(slowdowns[i - 1] ?? 0)
    expect(Math.min(...slowdowns)).toBe(1)
  })

  test("without a measure of the machine, the preset", () => {
    expect(calibratedSlowdown(null)).toBe(LIGHTHOUSE_DEFAULT_SLOWDOWN)
    expect(calibratedSlowdown(Number.NaN)).toBe(LIGHTHOUSE_DEFAULT_SLOWDOWN)
  })
})
