/**
 * Calls to the lead-capture functions. supabase-js is imported, and its
 * client created, on the first call only: it is in no page's first-load
 * JavaScript, and never runs during the build.
 */
import type { SupabaseClient } from "@supabase/supabase-js"
import { backendConfig } from "../backend-config"

/** A request that has not answered by then counts as a network failure (and is queued by the outbox). */
export const CALL_TIMEOUT_MS = 15_000

export type CallResult =
  | { ok: true; data: Record<string, unknown> | null }
  | { ok: false; reason: "http"; status: number; data: Record<string, unknown> | null; retryAfterMs?: number }
  | { ok: false; reason: "network" | "relay"; message: string }

type SupabaseModule = typeof import("@supabase/supabase-js")

let library: Promise<SupabaseModule> | null = null
let client: Promise<SupabaseClient> | null = null

/**
 * A failed load is forgotten, so the next call tries again: offline, the chunk cannot load, and a
 * remembered failure would fail every later call of the page (the outbox's too) until a reload.
 */
const loadLibrary = () =>
  (library ??= import("@supabase/supabase-js").catch((error: unknown) => {
    library = null
    throw error
  }))

const getClient = () =>
  (client ??= loadLibrary().then(
    ({ createClient }) =>
      createClient(backendConfig.url, backendConfig.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      }),
    (error: unknown) => {
      client = null
      throw error
    },
  ))

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** FunctionsHttpError carries the fetch Response (typed `any` by supabase-js); checked by shape, as a custom fetch may make it. */
const isResponse = (value: unknown): value is Response =>
  isRecord(value) && typeof value.status === "number" && typeof value.json === "function" && isRecord(value.headers)

/** invoke() never throws; its error tells an HTTP answer (our JSON error) from a network or relay failure. */
export async function callFunction(name: string, body: Record<string, unknown>): Promise<CallResult> {
  const supabase = await getClient()
  const { FunctionsHttpError, FunctionsRelayError } = await loadLibrary()
  const answer = await supabase.functions.invoke<Record<string, unknown>>(name, { body, timeout: CALL_TIMEOUT_MS })
  const error: unknown = answer.error
  if (!error) return { ok: true, data: answer.data }
  if (error instanceof FunctionsHttpError && isResponse(error.context)) {
    const response = error.context
    const json: unknown = await response.json().catch(() => null)
    const retryAfter = Number(response.headers.get("retry-after"))
    return {
      ok: false,
      reason: "http",
      status: response.status,
      data: isRecord(json) ? json : null,
      ...(retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
    }
  }
  return {
    ok: false,
    reason: error instanceof FunctionsRelayError ? "relay" : "network",
    message: error instanceof Error ? error.message : "The call failed",
  }
}
