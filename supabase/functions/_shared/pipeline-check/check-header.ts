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

/** The header's parts when it is a mark's shape, else null (nothing verified yet). */
function partsOf(header: string) {
  if (header.length > MAX_HEADER_LENGTH) return null
  const [checkId = "", expiry = "", signature = "", ...rest] = header.trim().split(".")
  if (rest.length > 0 || !UUID.test(checkId) || !/^\d{1,15}$/.test(expiry) || !/^[0-9a-f]{64}$/.test(signature))
    return null
  return { checkId, expiresMs: Number(expiry), signature }
}

/** Why a mark's expiry is not one we would make now, or null. */
function expiryProblem(expiresMs: number, now: Date): string | null {
  if (expiresMs < now.getTime()) return "expired"
  // Signed by us, but for later than any check asks: not a mark we would make.
  if (expiresMs > now.getTime() + CHECK_HEADER_TTL_MS * 2) return "expiry too far ahead"
  return null
}

/**
 * Whether the header could be a mark of ours at `now`, before the body (and so its submission id) is
 * read: its shape and its expiry, not its signature. The address gate leaves such a request's limit to
 * http/submit.ts, which verifies the signature against the body.
 */
export const mayBeCheckHeader = (header: string | undefined, now: Date): boolean => {
  const parts = header === undefined ? null : partsOf(header)
  return parts !== null && expiryProblem(parts.expiresMs, now) === null
}

/** What the request's header says, for a body with `submissionId`, at `now`. */
export function readCheckHeader(
  secret: string,
  header: string | undefined,
  submissionId: string,
  now: Date,
): HeaderCheck {
  if (header === undefined) return { kind: "none" }
  const parts = partsOf(header)
  if (!parts) return { kind: "invalid", why: "malformed" }
  const { checkId, expiresMs, signature } = parts
  const expected = Buffer.from(signatureOf(secret, checkId, submissionId, expiresMs), "hex")
  if (!timingSafeEqual(Buffer.from(signature, "hex"), expected)) return { kind: "invalid", why: "bad signature" }
  const problem = expiryProblem(expiresMs, now)
  return problem ? { kind: "invalid", why: problem } : { kind: "signed", checkId }
}
