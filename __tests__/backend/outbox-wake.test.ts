/** @jest-environment node */
import fc from "fast-check"
import { startBackend } from "../../server/backend"
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { outboxWaker, wakeInBackground } from "../../supabase/functions/_shared/outbox/outbox-wake"
import { bodies, withFreshDb, post, testConfig, postTo, VALID_CALLS } from "./helpers"
import { textMatching } from "./matchers"
import { memoryDatabasesFromTemplate } from "./migrated-template"

jest.setTimeout(120_000)
// The backend's memory:// database starts from initdb's files rather than running it.
memoryDatabasesFromTemplate()

/** Polls until `check` holds or the deadline passes: waits for a state, never for a fixed time. */
async function eventually<T>(check: () => Promise<T | undefined>, deadlineMs = 20_000): Promise<T> {
  const until = Date.now() + deadlineMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error("the state was not reached before the deadline")
    await new Promise((resolve) => setImmediate(resolve))
  }
}

describe("outboxWaker", () => {
  test("never runs two loops at once, and every wake is followed by a run that starts after it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom("wake", "finish", "fail"), { maxLength: 40 }), async (actions) => {
        const pending: Array<{ resolve: () => void; reject: (error: Error) => void }> = []
        const events: string[] = []
        let active = 0
        let maxActive = 0
        const errors: unknown[] = []
        let failed = 0
        const waker = outboxWaker(
          () =>
            new Promise<void>((resolve, reject) => {
              active++
              maxActive = Math.max(maxActive, active)
              events.push("run")
              pending.push({
                resolve: () => {
                  active--
                  resolve()
                },
                reject: (error) => {
                  active--
                  reject(error)
                },
              })
            }),
          (error) => errors.push(error),
        )
        const settle = async (fail: boolean) => {
          const run = pending.shift()
          if (run && fail) failed++
          if (fail) run?.reject(new Error("boom"))
          else run?.resolve()
          // Lets the loop notice the end of its run and start the next one.
          for (let i = 0; i < 5; i++) await Promise.resolve()
        }
        for (const action of actions) {
          if (action === "wake") {
            events.push("wake")
            void waker.wake()
          } else await settle(action === "fail")
        }
        while (pending.length > 0) await settle(false)
        await waker.idle()
        expect(maxActive).toBeLessThanOrEqual(1)
        expect(events.lastIndexOf("run")).toBeGreaterThanOrEqual(events.lastIndexOf("wake"))
        expect(events.filter((e) => e === "run").length).toBeLessThanOrEqual(events.filter((e) => e === "wake").length)
        expect(errors).toHaveLength(failed)
      }),
    )
  })

  test("a failing run is reported and the next wake runs again", async () => {
    const errors: unknown[] = []
    let calls = 0
    const waker = outboxWaker(
      () => (++calls === 1 ? Promise.reject(new Error("database down")) : Promise.resolve()),
      (error) => errors.push(error),
    )
    await waker.wake()
    await waker.wake()
    expect(calls).toBe(2)
    expect(errors).toEqual([new Error("database down")])
  })
})

describe("wakeInBackground", () => {
  const runtime = globalThis as { EdgeRuntime?: { waitUntil: (promise: Promise<unknown>) => void } }
  afterEach(() => {
    delete runtime.EdgeRuntime
  })

  test("on Supabase, hands the run to EdgeRuntime.waitUntil, which sees it finish", async () => {
    const handed: Array<Promise<unknown>> = []
    runtime.EdgeRuntime = { waitUntil: (promise) => void handed.push(promise) }
    let runs = 0
    wakeInBackground(
      outboxWaker(
        () => Promise.resolve(runs++),
        () => undefined,
      ),
    )()
    expect(handed).toHaveLength(1)
    await handed[0]
    expect(runs).toBe(1)
  })

  test("without EdgeRuntime (plain deno run, Node), the run still happens", async () => {
    let runs = 0
    const waker = outboxWaker(
      () => Promise.resolve(runs++),
      () => undefined,
    )
    wakeInBackground(waker)()
    await waker.idle()
    expect(runs).toBe(1)
  })
})

describe("the wake hook of the shared app", () => {
  let db: Db
  withFreshDb((fresh) => {
    db = fresh
  })

  const validCalls = VALID_CALLS

  /** The shared app with a wake hook that counts its calls. */
  const wakeCountingApp = () => {
    const counted = { wakes: 0 }
    const app = createApp({
      db,
      config: testConfig(),
      wakeOutbox: () => {
        counted.wakes++
      },
    })
    return { app, counted }
  }

  test("is called once per committed lead or message, and never for a replay, spam, a conflict or a refused request", async () => {
    const { app, counted } = wakeCountingApp()
    const request = fc.oneof(
      fc.record({ kind: fc.constant("new" as const), call: fc.nat(validCalls.length - 1) }),
      fc.record({ kind: fc.constantFrom("replay" as const, "conflict" as const), of: fc.nat() }),
      fc.record({
        kind: fc.constantFrom("honeypot" as const, "too fast" as const, "invalid" as const, "not json" as const),
        call: fc.nat(validCalls.length - 1),
      }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 12 }), async (requests) => {
        counted.wakes = 0
        const sent: Array<{ name: string; body: Record<string, unknown> }> = []
        let committed = 0
        for (const r of requests) {
          if ("of" in r) {
            const earlier = sent[r.of % Math.max(1, sent.length)]
            if (!earlier) continue
            const body = r.kind === "replay" ? earlier.body : { ...earlier.body, phone: "914-555-0999" }
            const response = await post(app, earlier.name, body)
            expect(response.status).toBe(r.kind === "replay" ? 200 : 409)
            continue
          }
          const [name, make] = validCalls[r.call]!
          const body: Record<string, unknown> = make()
          if (r.kind === "new") {
            expect((await post(app, name, body)).status).toBe(200)
            sent.push({ name, body })
            committed++
          } else if (r.kind === "honeypot" || r.kind === "too fast") {
            const spam =
              r.kind === "honeypot" ? { ...body, website: "https://spam.example" } : { ...body, formFillMs: 100 }
            expect((await post(app, name, spam)).status).toBe(200)
          } else if (r.kind === "invalid") {
            // What the visitor can fix (a phone of too few digits) is refused; another shape would be stored, flagged.
            expect((await post(app, name, { ...body, phone: "12" })).status).toBe(400)
          } else {
            // A wrong apikey is stored (flagged); a body sent as text is still refused.
            expect((await post(app, name, JSON.stringify(body), { "content-type": "text/plain" })).status).toBe(415)
          }
        }
        expect(counted.wakes).toBe(committed)
      }),
      { numRuns: 25 },
    )
  })

  test("ten simultaneous copies of one submission wake the worker once", async () => {
    const { app, counted } = wakeCountingApp()
    const body = bodies.estimateRequest()
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async () => (await post(app, "process-estimate", body)).status),
    )
    expect(statuses).toEqual(Array(10).fill(200))
    expect(counted.wakes).toBe(1)
  })

  test("a hook that throws neither fails nor loses the request", async () => {
    const app = createApp({
      db,
      config: testConfig(),
      wakeOutbox: () => {
        throw new Error("cannot wake")
      },
    })
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined)
    const body = bodies.contact()
    const response = await post(app, "process-contact", body)
    expect(response.status).toBe(200)
    expect(await db.query(`select 1 from contact_messages where submission_id = $1`, [body.submissionId])).toHaveLength(
      1,
    )
    // Logged by class and frames only (safe-log.ts): an error's message may quote a lead.
    expect(errors).toHaveBeenCalledWith(textMatching(/^\[outbox\] waking the worker failed: Error\n/))
    errors.mockRestore()
  })
})

test("the local backend delivers a new lead's company e-mail with its timer off and no manual dispatch", async () => {
  const backend = await startBackend({ dataDir: "memory://", apiPort: 0, dbPort: null, outboxIntervalMs: 0, env: {} })
  try {
    const body = bodies.contact()
    const response = await postTo(backend, "process-contact", body)
    expect(response.status).toBe(200)
    const mail = await eventually(async () => {
      const [row] = await backend.db.query<{ to_address: string; subject: string }>(
        `select m.to_address, m.subject from dev_mailbox m join outbox_jobs j on j.id = m.job_id where j.dedupe_key = $1`,
        [`${body.submissionId}:company_email`],
      )
      return row
    })
    expect(mail).toEqual({ to_address: backend.config.mail.companyTo, subject: "New website message from Ann Lee" })
  } finally {
    await backend.stop()
  }
})
