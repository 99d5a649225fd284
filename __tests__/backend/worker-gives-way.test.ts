/**
 * @jest-environment node
 *
 * The local backend's worker gives way to the requests it shares the process (and on PGlite the one
 * connection) with: each of its statements waits for a moment with no request in flight, or for
 * GIVE_WAY_MAX_MS at most, and nothing waits inside a transaction (outbox-wake.ts).
 */
import fc from "fast-check"
import type { Db, SqlParam } from "../../supabase/functions/_shared/db"
import { givingWay, requestGauge, type RequestGauge } from "../../supabase/functions/_shared/outbox/outbox-wake"

jest.setTimeout(60_000)

/** A database that records how many requests were in flight when each statement reached it. */
function recordingDb(requests: RequestGauge) {
  const seen: number[] = []
  const db: Db = {
    query: <Row>(_text: string, _params?: readonly SqlParam[]) => {
      seen.push(requests.inFlight)
      return Promise.resolve<Row[]>([])
    },
    transaction: (work) => work(db),
  }
  return { db, seen }
}

/** A request the test ends when it wants. */
function openRequest(requests: RequestGauge) {
  let finish: () => void = () => undefined
  const done = requests.track(
    () =>
      new Promise<void>((resolve) => {
        finish = resolve
      }),
  )
  return { finish: () => (finish(), done) }
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve))
}

describe("givingWay", () => {
  test("a worker statement reaches the database only while no request is in flight, and each one does once they end", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom("request", "finish", "statement"), { minLength: 1, maxLength: 40 }),
        async (actions) => {
          const requests = requestGauge()
          const { db, seen } = recordingDb(requests)
          // A wait longer than the test: only a pause in the requests lets a statement through.
          const worker = givingWay(db, requests, 60_000)
          const open: Array<ReturnType<typeof openRequest>> = []
          const statements: Array<Promise<unknown>> = []
          for (const action of actions) {
            if (action === "request") open.push(openRequest(requests))
            else if (action === "finish") await open.shift()?.finish()
            else statements.push(worker.query("select 1"))
            await turns(3)
          }
          for (const request of open.splice(0)) await request.finish()
          await Promise.all(statements)
          expect(seen).toHaveLength(statements.length)
          expect(seen.every((inFlight) => inFlight === 0)).toBe(true)
        },
      ),
      { numRuns: 100 },
    )
  })

  test("under a load that never pauses, a statement still goes through after the longest wait", async () => {
    const requests = requestGauge()
    const { db, seen } = recordingDb(requests)
    const endless = openRequest(requests)
    await givingWay(db, requests, 20).query("select 1")
    expect(seen).toEqual([1])
    await endless.finish()
  })

  test("inside a transaction nothing waits: the worker never holds a lock while it gives way", async () => {
    const requests = requestGauge()
    const { db, seen } = recordingDb(requests)
    const worker = givingWay(db, requests, 60_000)
    let arrived: ReturnType<typeof openRequest> | undefined
    await worker.transaction(async (tx) => {
      await tx.query("select 1")
      arrived = openRequest(requests)
      await tx.query("select 2")
    })
    expect(seen).toEqual([0, 1])
    await arrived?.finish()
  })

  test("the gauge counts a request until its answer, also when the answer fails", async () => {
    const requests = requestGauge()
    const failing = requests.track(() => Promise.reject(new Error("boom")))
    expect(requests.inFlight).toBe(1)
    await expect(failing).rejects.toThrow("boom")
    expect(requests.inFlight).toBe(0)
    await requests.quiet()
  })
})
