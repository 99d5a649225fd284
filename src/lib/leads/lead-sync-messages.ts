/**
 * What the page and the lead service worker (src/service-worker/lead-sync.ts) tell each other. The page
 * hands the worker a call it had to keep for want of an answer, exactly as it sent it (same body, same
 * submissionId); the worker replays it on Background Sync, even after the tab is closed. Whichever side
 * has it accepted first says so, and the other drops its copy: the functions store one record per
 * submissionId, so a copy both sent in the same moment is stored once and answered alike.
 */

/** Where the worker is served (a root path, so its scope is the whole site) and the name of its queue. */
export const LEAD_SYNC_WORKER_PATH = "/lead-sync-sw.mjs"
export const LEAD_SYNC_QUEUE = "lead-outbox"

/** A function call as the browser sends it: what the worker stores and replays. */
export interface KeptRequest {
  url: string
  method: "POST"
  headers: Readonly<Record<string, string>>
  body: string
}

export type LeadSyncMessage =
  /** Page to worker: keep this call (replacing any earlier copy of the same key) and send it when online. */
  | { type: "lead-sync:keep"; key: string; request: KeptRequest }
  /** Either way: the call `key` was accepted (2xx); drop it. */
  | { type: "lead-sync:sent"; key: string }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

const isStringRecord = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every((entry) => typeof entry === "string")

export const isKeptRequest = (value: unknown): value is KeptRequest =>
  isRecord(value) &&
  typeof value.url === "string" &&
  value.method === "POST" &&
  isStringRecord(value.headers) &&
  typeof value.body === "string"

/** A message as this code writes it (a message event may carry anything). */
export function isLeadSyncMessage(value: unknown): value is LeadSyncMessage {
  if (!isRecord(value) || typeof value.key !== "string") return false
  if (value.type === "lead-sync:sent") return true
  return value.type === "lead-sync:keep" && isKeptRequest(value.request)
}
