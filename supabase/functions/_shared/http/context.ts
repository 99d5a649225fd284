/**
 * What the app's parts share: the request variables the caller middlewares set (http/callers.ts, a lead
 * function's in http/submit.ts, an office link's in office-links/routes.ts), the services one app is
 * built with, the error answers every part gives, and the callers' JSON check.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec"
import type { Context } from "hono"
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import type { ErrorAnswer } from "../kernel/contract.ts"
import { INVALID, type FieldProblem } from "../kernel/field-errors.ts"
import type { LeadFlag } from "../intake/lead-flags.ts"
import type { AddressBudget, AddressLimit } from "../spam/address-limit.ts"
import type { ClientAddress } from "../spam/client-ip.ts"
import type { FloodGuard } from "../spam/flood-guard.ts"
import { fieldErrors } from "../intake/validate.ts"

/** Who is calling, as the checks before the body decided: the address (when known) and its rate-limit key. */
export interface Caller {
  ip: string | null
  /** Every request has one (unknown addresses share one); a lead keeps a hash only of a known address. */
  limitKey: string
  /** What the checks before the body found for the office (apikey, origin), stored with the lead. */
  flags: readonly LeadFlag[]
}

/** A lead function's request as the address gate saw it: its address, the budgets it counts against, and how it was counted. */
export interface AddressState {
  client: ClientAddress
  budgets: readonly AddressBudget[]
  /** Postgres counted it (the rate limit ran). */
  counted: boolean
  /** It was a re-send of an answered submission, answered again. */
  replayed: boolean
  /**
   * It carries what may be the pipeline check's mark, so the gate did not refuse it from memory: submit
   * verifies the mark against the body, and refuses or counts it as any request when it is not ours.
   */
  deferred?: boolean
  /** The pipeline check's signed request: exempt from the address's limit (its signature lets it through). */
  exempt?: boolean
}

export type Env = { Variables: { caller: Caller; officeFailureKey?: string; address?: AddressState } }

/** One app's services, built once by createApp and handed to each of its parts. */
export interface AppContext {
  db: Db
  config: BackendConfig
  floodGuard: FloodGuard
  addressLimit: AddressLimit
  /** The client's address, as spam/client-ip.ts decides it from the headers and the socket's peer. */
  clientOf: (c: Context) => ClientAddress
  fetchImpl?: typeof fetch
  clock: () => Date
  /** Delivers the outbox jobs a request committed now; never throws. */
  wake: () => void
}

/** Each field's code: the ones given, `invalid` for the others (a form says that in its own language too). */
const codesOf = (fields: Readonly<Record<string, string>>, codes: Readonly<Record<string, FieldProblem>>) =>
  Object.fromEntries(Object.keys(fields).map((field) => [field, codes[field] ?? INVALID]))

/** An error answer; one naming fields gives each its English message (`fields`) and its code (`codes`). */
export const fail = (
  c: Context,
  status: 400 | 401 | 404 | 405 | 409 | 413 | 415 | 429 | 500,
  error: string,
  fields?: Record<string, string>,
  codes: Readonly<Record<string, FieldProblem>> = {},
) =>
  c.json<ErrorAnswer>(
    fields ? { success: false, error, fields, codes: codesOf(fields, codes) } : { success: false, error },
    status,
  )

export const tooMany = (c: Context, retryAfterSeconds: number) => {
  c.header("Retry-After", String(retryAfterSeconds))
  return fail(c, 429, "Too many requests from your network. Please try again later, or call us.")
}

/** Only application/json, with any parameters (charset): the media type the validator reads for JSON. */
export const isJson = (contentType: string | undefined) =>
  contentType?.split(";", 1)[0]?.trim().toLowerCase() === "application/json"

export type CheckResult = { success: true } | { success: false; error: readonly StandardSchemaV1.Issue[] }

/** The validator's answer to a body its contract refuses: 400 naming each field. */
export function refuseInvalid(result: CheckResult, c: Context) {
  if (result.success) return undefined
  const { fields, codes } = fieldErrors(result.error)
  return fail(c, 400, "Some fields are missing or invalid", fields, codes)
}

/** Parsed once by a caller's check (the validator reads the same parse): what is not JSON is told apart from what breaks the contract. */
export const parsesAsJson = async (c: Context) => {
  try {
    await c.req.json()
    return true
  } catch {
    return false
  }
}

export const notJson = (c: Context) => fail(c, 400, "The request body is not valid JSON", { body: "Not valid JSON" })
