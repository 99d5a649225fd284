/**
 * Runs the outbox worker when a request has committed new jobs. One loop per process at a time: a
 * wake while it runs asks for one more run when it ends, so a job committed meanwhile is not left
 * for the timer or the cron, and a burst of requests never starts a crowd of loops.
 *
 * Given the requests the process answers (`requests`), the answers come first: a run waits for a
 * moment with no request in flight (at most `maxWaitMs`), and stops claiming after its current batch
 * when a request comes in, then goes round again. The local backend's requests and worker share one
 * event loop, and on PGlite one connection: without this, a lead's answer queued behind deliveries
 * (the worker draining on the connection between two statements of an intake), and under load the
 * deliveries, not the leads, set the pace. Under a load that never pauses the worker still runs one
 * batch per lane every `maxWaitMs`, and catches up in the first pause.
 */
export interface OutboxWaker {
  /** Starts the worker, or asks the running one to go round again; resolves when it is idle. Never rejects. */
  wake: () => Promise<void>
  /** Resolves when no run is in progress. */
  idle: () => Promise<void>
}

/** Counts the requests being answered, for the worker to give way to them. */
export interface RequestGauge {
  /** Answers one request, counted while it runs. */
  track: <T>(answer: () => T | Promise<T>) => Promise<T>
  readonly inFlight: number
  /** Resolves when no request is in flight (at once when none is). */
  quiet: () => Promise<void>
  /** Calls `listener` when the next request starts; returns a function that forgets it. */
  onNextRequest: (listener: () => void) => () => void
}

export function requestGauge(): RequestGauge {
  let inFlight = 0
  let quietWaiters: Array<() => void> = []
  const starting = new Set<() => void>()
  return {
    async track(answer) {
      inFlight++
      for (const listener of [...starting]) listener()
      starting.clear()
      try {
        return await answer()
      } finally {
        if (--inFlight === 0) {
          const waiters = quietWaiters
          quietWaiters = []
          for (const resolve of waiters) resolve()
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
            quietWaiters.push(resolve)
          }),
    onNextRequest(listener) {
      starting.add(listener)
      return () => {
        starting.delete(listener)
      }
    },
  }
}

export interface WakerOptions {
  /** The process's requests: the worker runs in their pauses (see above). */
  requests?: RequestGauge
  /** The longest a run waits for a pause in the requests. */
  maxWaitMs?: number
}

/** How long a run waits for a pause in the requests by default: a lead's alert is late by at most this under load. */
export const DEFAULT_MAX_WAIT_MS = 250

/**
 * `run` gets a signal that is aborted when it should give way (a request came in): it finishes the
 * batch in hand and returns, and the loop goes round again.
 */
export function outboxWaker(
  run: (giveWay: AbortSignal) => Promise<unknown>,
  onError: (error: unknown) => void,
  { requests, maxWaitMs = DEFAULT_MAX_WAIT_MS }: WakerOptions = {},
): OutboxWaker {
  let current: Promise<void> | null = null
  let again = false
  // Read through a call: a wake during the run sets it, which the loop's own `again = false` would hide from the type checker.
  const askedAgain = () => again
  const pause = async (gauge: RequestGauge) => {
    if (gauge.inFlight === 0) return
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([
      gauge.quiet(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, maxWaitMs)
      }),
    ])
    clearTimeout(timer)
  }
  const loop = async () => {
    do {
      again = false
      if (requests) await pause(requests)
      const giveWay = new AbortController()
      const forget = requests?.onNextRequest(() => {
        giveWay.abort()
      })
      try {
        await run(giveWay.signal)
      } catch (error) {
        onError(error)
      } finally {
        forget?.()
      }
      // Cut short for a request: what was still due is taken up on the next round.
      if (giveWay.signal.aborted) again = true
    } while (askedAgain())
  }
  return {
    wake() {
      if (current) {
        again = true
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
