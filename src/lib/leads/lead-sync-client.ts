/**
 * The page's side of the lead service worker (src/service-worker/lead-sync.ts, messages in
 * lead-sync-messages.ts): registers it where the browser has Background Sync, hands it each call the
 * outbox keeps for want of an answer, and hears which calls it delivered. Loaded with the outbox, never
 * on a page's first load.
 */
import { backendConfig } from "../backend-config"
import { LEAD_SYNC_WORKER_PATH, isLeadSyncMessage, type KeptRequest, type LeadSyncMessage } from "./lead-sync-messages"

/** Service workers with Background Sync (Chromium): a kept call can then go out after the tab is closed. */
export const canSyncInBackground = (scope: Window = window) =>
  "serviceWorker" in scope.navigator && "SyncManager" in scope

/** A function call exactly as supabase-js's invoke sends it (JSON body, the public key as apikey and bearer). */
export const keptRequest = (
  name: string,
  body: Readonly<Record<string, unknown>>,
  config: { url: string; anonKey: string } = backendConfig,
): KeptRequest => ({
  url: `${config.url}/functions/v1/${name}`,
  method: "POST",
  headers: { "Content-Type": "application/json", apikey: config.anonKey, Authorization: `Bearer ${config.anonKey}` },
  body: JSON.stringify(body),
})

/** Registers the worker (idempotent: the browser returns the existing registration). */
export const registerLeadSync = () => navigator.serviceWorker.register(LEAD_SYNC_WORKER_PATH, { scope: "/" })

async function tell(message: LeadSyncMessage) {
  if (!canSyncInBackground()) return
  try {
    const registration = await registerLeadSync()
    const worker = registration.active ?? registration.waiting ?? registration.installing
    worker?.postMessage(message)
  } catch (error) {
    // No worker (blocked, or the file is missing in development): the page's outbox still has the call.
    console.error("[outbox] the lead service worker is not available", error)
  }
}

/** Hands the worker a call the outbox keeps (replacing its earlier copy of the same key). */
export const handOver = (key: string, name: string, body: Readonly<Record<string, unknown>>) =>
  tell({ type: "lead-sync:keep", key, request: keptRequest(name, body) })

/** The call `key` was accepted by the page: the worker drops its copy. */
export const tellDelivered = (key: string) => tell({ type: "lead-sync:sent", key })

/** Calls `listener` with the key of each call the worker delivered. */
export function onWorkerDelivered(listener: (key: string) => void) {
  if (!canSyncInBackground()) return
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<unknown>) => {
    if (isLeadSyncMessage(event.data) && event.data.type === "lead-sync:sent") listener(event.data.key)
  })
  // Messages from a worker that does not control this page wait until the page starts them.
  navigator.serviceWorker.startMessages()
}
