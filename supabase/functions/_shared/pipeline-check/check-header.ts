/**
 * The mark of the pipeline check's synthetic request: a header signed with a key only the functions
 * hold, naming the check and the request's submission id, expiring within minutes. A header that does
 * not verify (forged, expired, for another submission) marks nothing: the request is treated as the real
 * one it may be, flagged for the office, so a forged mark can neither hide a real lead nor skip a check.
 */
import { Buffer } from "node:buffer"
import { timingSafeEqual } from "node:crypto"
import { hmacSha256Hex } from "../crypto.ts"

export const CHECK_HEADER = "x-pipeline-check"

/** How long a mark is good for: the check sends its request at once. */
export const CHECK_HEADER_TTL_MS = 5 * 60_000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** Longer than any mark we make: a header past it is not read further. */
const MAX_HEADER_LENGTH = 200

const signatureOf = (secret: string, checkId: string, submissionId: string, expiresMs: number) =>
  hmacSha256Hex(secret, `pipeline-check|${checkId}|${submissionId}|${expiresMs}`)

/** The header for check `checkId`'s request with `submissionId`: "<check id>.<expiry ms>.<hex HMAC-SHA256>". */
export function checkHeader(secret: string, checkId: string, submissionId: string, expires: Date): string {
  const expiresMs = expires.getTime()
  return `${checkId}.${expiresMs}.${signatureOf(secret, checkId, submissionId, expiresMs)}`
}

export type HeaderCheck =
  | { kind: "none" }
  | { kind: "signed"; checkId: string }
  /** Why it did not verify, for the office's flag (never the header itself). */
  | { kind: "invalid"; why: string }

/** What the request's header says, for a body with `submissionId`, at `now`. */
export function readCheckHeader(
  secret: string,
  header: string | undefined,
  submissionId: string,
  now: Date,
): HeaderCheck {
  if (header === undefined) return { kind: "none" }
  if (header.length > MAX_HEADER_LENGTH) return { kind: "invalid", why: "malformed" }
  const [checkId = "", expiry = "", signature = "", ...rest] = header.trim().split(".")
  if (rest.length > 0 || !UUID.test(checkId) || !/^\d{1,15}$/.test(expiry) || !/^[0-9a-f]{64}$/.test(signature))
    return { kind: "invalid", why: "malformed" }
  const expected = Buffer.from(signatureOf(secret, checkId, submissionId, Number(expiry)), "hex")
  if (!timingSafeEqual(Buffer.from(signature, "hex"), expected)) return { kind: "invalid", why: "bad signature" }
  const expiresMs = Number(expiry)
  if (expiresMs < now.getTime()) return { kind: "invalid", why: "expired" }
  // Signed by us, but for later than any check asks: not a mark we would make.
  if (expiresMs > now.getTime() + CHECK_HEADER_TTL_MS * 2) return { kind: "invalid", why: "expiry too far ahead" }
  return { kind: "signed", checkId }
}
