/**
 * The lead service worker: replays a lead call the page had to keep for want of an answer, on Background
 * Sync (Workbox's Queue), so the lead goes out when the network returns even after the tab is closed.
 * Bundled at build time into public/lead-sync-sw.mjs (gatsby/lead-sync-worker.ts) and registered after
 * the page has hydrated, only where the browser has Background Sync (Chromium); elsewhere the page's own
 * outbox does it all, as before. It has no fetch handler: pages and their requests never pass through it.
 */
import { Queue } from "workbox-background-sync"
import { answerChangesByItself } from "../lib/leads/lead-outcome"
import { MAX_AGE_MS } from "../lib/leads/lead-outbox"
import {
  LEAD_SYNC_QUEUE,
  isLeadSyncMessage,
  type KeptRequest,
  type LeadSyncMessage,
} from "../lib/leads/lead-sync-messages"

/**
 * The parts of the worker's global scope used here (the project type-checks against the DOM's lib, whose
 * `self` is a window; TypeScript's webworker lib cannot be loaded beside it).
 */
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown
}
interface WorkerScope {
  readonly clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<ReadonlyArray<MessagePort>>
    claim(): Promise<void>
  }
  skipWaiting(): Promise<void>
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void
}
declare const self: WorkerScope

interface Entry {
  request: Request
  timestamp?: number
  metadata?: object
}

const keyOf = (entry: Entry) =>
  entry.metadata && "key" in entry.metadata && typeof entry.metadata.key === "string" ? entry.metadata.key : null

/** Every queue change in turn: a message and a sync never shift and push the same entries at once. */
let turn: Promise<unknown> = Promise.resolve()
const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
  const next = turn.then(work, work)
  turn = next.catch(() => undefined)
  return next
}

/** The open pages hear that `key` was accepted, so the page's outbox drops its copy and says it was sent. */
async function announce(key: string) {
  const message: LeadSyncMessage = { type: "lead-sync:sent", key }
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true }))
    client.postMessage(message)
}

/**
 * Sends every kept call in order. No answer, or one that changes by itself (5xx, 408, 429): put back, and
 * the sync fails so the browser tries again later. A 2xx: delivered and announced. Any other answer ends
 * the worker's copy; the page's outbox still holds the call and deals with it on the next visit.
 */
async function replay({ queue }: { queue: Queue }) {
  await inTurn(async () => {
    for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
      const status = await fetch(entry.request.clone()).then(
        (response) => response.status,
        () => null,
      )
      if (status === null || answerChangesByItself(status)) {
        await queue.unshiftRequest(entry)
        throw new Error(`lead call not delivered (${status ?? "no answer"}); the browser will sync again`)
      }
      const key = keyOf(entry)
      if (status >= 200 && status < 300 && key) await announce(key)
    }
  })
}

const queue = new Queue(LEAD_SYNC_QUEUE, { onSync: replay, maxRetentionTime: MAX_AGE_MS / 60_000 })

const requestOf = (kept: KeptRequest) =>
  new Request(kept.url, {
    method: kept.method,
    headers: kept.headers,
    body: kept.body,
    mode: "cors",
    credentials: "omit",
  })

/** Drops the entries of `key` (shifting every entry out and pushing back the others, in order). */
async function drop(key: string) {
  const kept: Entry[] = []
  for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest())
    if (keyOf(entry) !== key) kept.push(entry)
  for (const entry of kept) await queue.pushRequest(entry)
}

self.addEventListener("message", (event) => {
  const message: unknown = event.data
  if (!isLeadSyncMessage(message)) return
  event.waitUntil(
    inTurn(async () => {
      await drop(message.key)
      if (message.type === "lead-sync:keep")
        await queue.pushRequest({ request: requestOf(message.request), metadata: { key: message.key } })
    }),
  )
})

// A new version takes over at once: it keeps the same queue (IndexedDB), and no page depends on an older one.
self.addEventListener("install", () => void self.skipWaiting())
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()))
