/** @jest-environment node */
import { runLighthouseBest, type LighthouseRun, type RunOptions } from "../scripts/quality/lighthouse"

const BUDGETS = { performance: 0.85, accessibility: 1, "best-practices": 1, seo: 1 }

/** A stand-in for Lighthouse that answers the given runs in order and records how each was asked for. */
function runsOf(...runs: { performance: number; accessibility?: number; benchmarkIndex?: number }[]) {
  const asked: RunOptions[] = []
  const run = (_url: string, options: RunOptions): Promise<LighthouseRun> => {
    const next = runs[asked.length]
    asked.push(options)
    if (!next) throw new Error("ran Lighthouse more often than the test expected")
    return Promise.resolve({
      scores: { performance: next.performance, accessibility: next.accessibility ?? 1, "best-practices": 1, seo: 1 },
      failing: [],
      benchmarkIndex: next.benchmarkIndex ?? 1600,
      cpuSlowdown: options.cpuSlowdown ?? 4,
    })
  }
  return { run, asked }
}

const best = (stub: ReturnType<typeof runsOf>) =>
  runLighthouseBest("http://127.0.0.1/contact/", BUDGETS, { skipAudits: [] }, stub.run)

describe("judging a page by the best of up to three Lighthouse runs", () => {
  test("a page within budget on its first run is run once", async () => {
    const stub = runsOf({ performance: 0.9 })
    const result = await best(stub)
    expect(result.runs).toEqual([0.9])
    expect(result.scores.performance).toBe(0.9)
  })

  test("a run slowed by the machine is run again, and the first run within budget counts", async () => {
    const stub = runsOf({ performance: 0.81, benchmarkIndex: 1050 }, { performance: 0.88 })
    const result = await best(stub)
    expect(result.runs).toEqual([0.81, 0.88])
    expect(result.scores.performance).toBe(0.88)
  })

  test("a page that misses in all three runs fails, reported by its best run", async () => {
    const stub = runsOf({ performance: 0.7 }, { performance: 0.8 }, { performance: 0.75 })
    const result = await best(stub)
    expect(result.runs).toEqual([0.7, 0.8, 0.75])
    expect(result.scores.performance).toBe(0.8)
    expect(result.scores.performance).toBeLessThan(BUDGETS.performance)
  })

  test("a missed category other than performance is run again too, never hidden by a good performance", async () => {
    const stub = runsOf(
      { performance: 0.99, accessibility: 0.9 },
      { performance: 0.97, accessibility: 0.9 },
      {
        performance: 0.95,
        accessibility: 0.9,
      },
    )
    const result = await best(stub)
    expect(result.runs).toHaveLength(3)
    expect(result.scores.accessibility).toBe(0.9)
  })

  test("the first run uses Lighthouse's 4× preset; each repeat is calibrated on the run before", async () => {
    const stub = runsOf(
      { performance: 0.8, benchmarkIndex: 1050 },
      { performance: 0.8, benchmarkIndex: 800 },
      { performance: 0.8 },
    )
    await best(stub)
    expect(stub.asked.map((options) => options.cpuSlowdown)).toEqual([undefined, 2.5, 2])
    expect(stub.asked.every((options) => Array.isArray(options.skipAudits))).toBe(true)
  })
})
