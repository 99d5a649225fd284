/**
 * Runs the outbox worker when a request has committed new jobs. One loop per process at a time: a
 * wake while it runs asks for one more run when it ends, so a job committed meanwhile is not left
 * for the timer or the cron, and a burst of requests never starts a crowd of loops.
 */
export interface OutboxWaker {
  /** Starts the worker, or asks the running one to go round again; resolves when it is idle. Never rejects. */
  wake: () => Promise<void>
  /** Resolves when no run is in progress. */
  idle: () => Promise<void>
}

export function outboxWaker(run: () => Promise<unknown>, onError: (error: unknown) => void): OutboxWaker {
  let current: Promise<void> | null = null
  let again = false
  // Read through a call: a wake during the run sets it, which the loop's own `again = false` would hide from the type checker.
  const askedAgain = () => again
  const loop = async () => {
    do {
      again = false
      try {
        await run()
      } catch (error) {
        onError(error)
      }
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
