/**
 * The transactional outbox as the functions, the local server and the tests run it: the generic
 * worker (outbox/worker.ts) given this project's job table (outbox/jobs.ts). Jobs are queued with
 * outbox/queue.ts, in the same transaction as the lead.
 */
import type { DeliveryDeps } from "./job.ts"
import { OUTBOX_JOBS } from "./jobs.ts"
import { runOutbox, type DispatchOptions, type DispatchResult } from "./worker.ts"

export type { DispatchOptions, DispatchResult } from "./worker.ts"

/** Claims and delivers due jobs until none is due or the time budget is spent (outbox/worker.ts). */
export const dispatchOutbox = (deps: DeliveryDeps, options?: DispatchOptions): Promise<DispatchResult> =>
  runOutbox(OUTBOX_JOBS, deps, options)
