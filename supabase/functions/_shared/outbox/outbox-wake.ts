/**
 * Runs the outbox worker when a request has committed new jobs. One loop per process at a time: a
 * wake while it runs asks for one more run when it ends, so a job committed meanwhile is not left
 * for the timer or the cron, and a burst of requests never starts a crowd of loops; the run in progress
 * is told at once, so it starts the lanes the new jobs need beside the ones already busy. Where the worker
 * shares a process with the requests (the local backend), its database gives way to them (givingWay).
 */
import type { Db, SqlParam } from "../db.ts"
import type { WakeSource } from "./worker.ts"

export interface OutboxWaker {
  /** Starts the worker, or asks the running one to go round again; resolves when it is idle. Never rejects. */
  wake: () => Promise<void>
  /** Resolves when no run is in progress. */
  idle: () => Promise<void>
}

/**
 * `run` is handed the wakes of the run it starts: a wake while it goes on reaches it at once (it starts
 * its idle lanes), and asks for one more run after it as well, in case it was already ending.
 */
export function outboxWaker(
  run: (wakes: WakeSource) => Promise<unknown>,
  onError: (error: unknown) => void,
): OutboxWaker {
  let current: Promise<void> | null = null
  let again = false
  const listeners = new Set<() => void>()
  const wakes: WakeSource = {
    onWake(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
  // Read through a call: a wake during the run sets it, which the loop's own `again = false` would hide from the type checker.
  const askedAgain = () => again
  const loop = async () => {
    do {
      again = false
      try {
        await run(wakes)
      } catch (error) {
        onError(error)
      }
    } while (askedAgain())
  }
  return {
    wake() {
      if (current) {
        again = true
        for (const listener of [...listeners]) listener()
        return current
      }
      // .finally runs later than this assignment even when run() fails at once.
      current = loop().finally(() => {
        current = null
      })
      return current
    },
    idle: () => current ?? Promise.resolve(),
  }
}

/**
 * The requests a process is answering, for its worker to give way to them. The local backend answers
 * requests and runs the worker in one event loop, and on PGlite over one connection: a worker
 * statement run between two statements of an intake made the lead's answer wait for deliveries, and
 * under load the deliveries, not the leads, set the pace.
 */
export interface RequestGauge {
  /** Answers one request, counted while it runs. */
  track: <T>(answer: () => T | Promise<T>) => Promise<T>
  readonly inFlight: number
  /** Resolves when no request is in flight (at once when none is). */
  quiet: () => Promise<void>
}

export function requestGauge(): RequestGauge {
  let inFlight = 0
  let waiting: Array<() => void> = []
  return {
    async track(answer) {
      inFlight++
      try {
        return await answer()
      } finally {
        if (--inFlight === 0) {
          const resolve = waiting
          waiting = []
          for (const done of resolve) done()
        }
      }
    },
    get inFlight() {
      return inFlight
    },
    quiet: () =>
      inFlight === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiting.push(resolve)
          }),
  }
}

/** How long a worker statement waits for a pause in the requests: under a load that never pauses, the worker still goes on at this pace. */
export const GIVE_WAY_MAX_MS = 250

/**
 * The worker's database: each statement, and each transaction as a whole, first waits until no request
 * is in flight, or `maxWaitMs` at most. Answers come first; deliveries catch up in the pauses, and a
 * load that never pauses slows the worker down without stopping it. Inside a transaction nothing
 * waits, so the worker never holds a lock while it gives way.
 */
export function givingWay(db: Db, requests: RequestGauge, maxWaitMs = GIVE_WAY_MAX_MS): Db {
  const pause = async () => {
    const deadline = Date.now() + maxWaitMs
    for (;;) {
      // A request that arrived while PGlite held the event loop is still unread in its socket: two turns
      // of the loop (the second after a poll for I/O) let the server read it and count it.
      await nextTurn()
      await nextTurn()
      const left = deadline - Date.now()
      if (requests.inFlight === 0 || left <= 0) return
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([
        requests.quiet(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, left)
        }),
      ])
      clearTimeout(timer)
    }
  }
  return {
    query: async <Row>(text: string, params?: readonly SqlParam[]) => {
      await pause()
      return db.query<Row>(text, params)
    },
    transaction: async <T>(work: (tx: Db) => Promise<T>) => {
      await pause()
      return db.transaction(work)
    },
  }
}

/** The next turn of the event loop: setImmediate where there is one (Node), a zero timeout elsewhere. */
const nextTurn = () =>
  new Promise<void>((resolve) => {
    if (typeof setImmediate === "function") setImmediate(resolve)
    else setTimeout(resolve, 0)
  })

/** Supabase's background-task API: keeps the function alive until the promise settles (absent under plain `deno run` and Node). */
interface EdgeRuntimeApi {
  waitUntil(promise: Promise<unknown>): void
}

declare global {
  var EdgeRuntime: EdgeRuntimeApi | undefined
}

/** The wake hook for an Edge Function: the answer goes out first and the run goes on in the background. */
export function wakeInBackground(waker: OutboxWaker): () => void {
  return () => {
    // Started before the optional call: `EdgeRuntime?.waitUntil(waker.wake())` would skip the wake where there is no EdgeRuntime.
    const work = waker.wake()
    globalThis.EdgeRuntime?.waitUntil(work)
  }
}
