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

let client: Promise<SupabaseClient> | null = null

const getClient = () =>
  (client ??= import("@supabase/supabase-js").then(({ createClient }) =>
    createClient(backendConfig.url, backendConfig.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    }),
  ))

/** invoke() never throws; its error tells an HTTP answer (our JSON error) from a network or relay failure. */
export async function callFunction(name: string, body: Record<string, unknown>): Promise<CallResult> {
  const supabase = await getClient()
  const { FunctionsHttpError, FunctionsRelayError } = await import("@supabase/supabase-js")
  const { data, error } = await supabase.functions.invoke<Record<string, unknown>>(name, {
    body,
    timeout: CALL_TIMEOUT_MS,
  })
  if (!error) return { ok: true, data }
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response
    const json = (await response.json().catch(() => null)) as Record<string, unknown> | null
    const retryAfter = Number(response.headers.get("retry-after"))
    return {
      ok: false,
      reason: "http",
      status: response.status,
      data: json,
      ...(retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
    }
  }
  return { ok: false, reason: error instanceof FunctionsRelayError ? "relay" : "network", message: error.message }
}

/** Fields every request carries: the idempotency key and the spam checks (see fill-timer.ts). */
export const submissionFields = (formFillMs: number, honeypot = "", submissionId: string = crypto.randomUUID()) => ({
  submissionId,
  website: honeypot,
  formFillMs,
})
