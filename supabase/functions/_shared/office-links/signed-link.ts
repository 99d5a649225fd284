/**
 * The office's one-tap links ("I'm on it", "Not spam"): a token naming one purpose and one record,
 * who it was sent to and until when it is valid, signed with HMAC-SHA256. Anyone holding the link may
 * use it (a phone, no login), so it says exactly what it allows and nothing else; a changed byte
 * fails the signature, a late one the expiry, and replaying it is answered from the record's state.
 * Both links' addresses are built here, and checked here when the office's pages call back (handlers.ts).
 */
import { Buffer } from "node:buffer"
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto"
import type { AlertConfig, BackendConfig } from "../config.ts"
import { WINDOW_ID } from "../kernel/arrival-windows.ts"

export type LinkPurpose = "acknowledge" | "release" | "board" | "confirm" | "report"

/**
 * What a link allows: `acknowledge` a lead, a contact message or a batch of them (a summary's "I'm on
 * all N", an `alert_batches` row), `release` a spam record, or read the office's `board` of the day's and
 * the week's requests (its id names nothing: a fresh one per link), or `confirm` one of a lead's arrival
 * windows (the window is the one more claim such a link carries), or have a past week's `report` sent to the
 * owner (its id, fresh per link, makes each week's report from one link sent once).
 */
export interface LinkClaims {
  purpose: LinkPurpose
  /** The table of the record. */
  record: "lead" | "message" | "batch" | "spam" | "board" | "report"
  id: string
  /** Who the link was sent to (recorded as who acknowledged). */
  to: string
  /** Unix seconds after which the link is refused. */
  expires: number
  /** A confirm link's arrival window ("2026-12-01@08:00"); no other link has one. */
  window?: string
}

/** The most a token may be: refused before any work, whatever a client sends. */
export const MAX_TOKEN_LENGTH = 1_024

const VERSION = "v1"

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url")
const mac = (secret: string, body: string) =>
  createHmac("sha256", `link:${secret}`).update(`${VERSION}.${body}`).digest()

export function signLink(secret: string, claims: LinkClaims): string {
  const body = base64url(
    new TextEncoder().encode(
      JSON.stringify([
        claims.purpose,
        claims.record,
        claims.id,
        claims.to,
        claims.expires,
        ...(claims.window === undefined ? [] : [claims.window]),
      ]),
    ),
  )
  return `${VERSION}.${body}.${base64url(mac(secret, body))}`
}

export type LinkCheck =
  { ok: true; claims: LinkClaims } | { ok: false; problem: "invalid" | "expired" | "wrong_purpose" }

const PURPOSES: ReadonlySet<string> = new Set<LinkPurpose>(["acknowledge", "release", "board", "confirm", "report"])
const RECORDS: ReadonlySet<string> = new Set(["lead", "message", "batch", "spam", "board", "report"])
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function claimsOf(json: unknown): LinkClaims | null {
  if (!Array.isArray(json) || json.length < 5 || json.length > 6) return null
  const [purpose, record, id, to, expires, window] = json.map((field: unknown) => field)
  if (typeof purpose !== "string" || !PURPOSES.has(purpose)) return null
  // A window exactly on a confirm link, never elsewhere.
  if ((purpose === "confirm") !== (typeof window === "string" && WINDOW_ID.test(window))) return null
  if (json.length === 6 && purpose !== "confirm") return null
  if (typeof record !== "string" || !RECORDS.has(record)) return null
  if (typeof id !== "string" || !UUID.test(id) || typeof to !== "string" || to.length > 200) return null
  if (typeof expires !== "number" || !Number.isSafeInteger(expires)) return null
  return {
    purpose:
      purpose === "release"
        ? "release"
        : purpose === "board"
          ? "board"
          : purpose === "confirm"
            ? "confirm"
            : purpose === "report"
              ? "report"
              : "acknowledge",
    record:
      record === "spam"
        ? "spam"
        : record === "message"
          ? "message"
          : record === "batch"
            ? "batch"
            : record === "board"
              ? "board"
              : record === "report"
                ? "report"
                : "lead",
    id,
    to,
    expires,
    ...(typeof window === "string" ? { window } : {}),
  }
}

/** Checks the signature first (constant time), then the shape, the purpose and the expiry. */
export function verifyLink(secret: string, token: string, purpose: LinkPurpose, now: Date): LinkCheck {
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, problem: "invalid" }
  const [version, body, signature, ...rest] = token.trim().split(".")
  if (version !== VERSION || !body || !signature || rest.length > 0) return { ok: false, problem: "invalid" }
  const expected = mac(secret, body)
  const given = Buffer.from(signature, "base64url")
  // Decoding forgives: the last character's spare bits, and + or / for - or _. Only the one spelling we sign passes.
  if (given.length !== expected.length || base64url(given) !== signature || !timingSafeEqual(given, expected))
    return { ok: false, problem: "invalid" }
  let claims: LinkClaims | null
  try {
    claims = claimsOf(JSON.parse(Buffer.from(body, "base64url").toString("utf8")))
  } catch {
    claims = null
  }
  if (!claims) return { ok: false, problem: "invalid" }
  if (claims.purpose !== purpose) return { ok: false, problem: "wrong_purpose" }
  if (claims.expires * 1000 <= now.getTime()) return { ok: false, problem: "expired" }
  return { ok: true, claims }
}

/** An "I'm on it" link for a lead, a contact message or a summary's batch, valid for the alerts' link lifetime. */
export function acknowledgeUrl(
  alerts: AlertConfig,
  target: { record: Exclude<LinkClaims["record"], "spam" | "board" | "report">; id: string },
  to: string,
  at: Date,
): string {
  const token = signLink(alerts.linkSecret, {
    purpose: "acknowledge",
    record: target.record,
    id: target.id,
    to,
    expires: Math.floor(at.getTime() / 1000) + alerts.linkTtlHours * 3_600,
  })
  return `${alerts.siteUrl}/office/acknowledge/#t=${token}`
}

/**
 * The board's link for one contact: the day's and the week's requests with who took them and what came of
 * them, valid for the alerts' link lifetime. Nothing in it names a visitor: the page asks with the token.
 */
export function boardUrl(alerts: AlertConfig, to: string, at: Date): string {
  const token = signLink(alerts.linkSecret, {
    purpose: "board",
    record: "board",
    id: randomUUID(),
    to,
    expires: Math.floor(at.getTime() / 1000) + alerts.linkTtlHours * 3_600,
  })
  return `${alerts.siteUrl}/office/board/#t=${token}`
}

/**
 * The owner's link to a past week's report (the morning summary's), for one contact and the alerts' link
 * lifetime: the page lets them choose one of the weeks it allows (report/past-report.ts), and the report goes
 * to the owner's e-mail, never to an address the link names.
 */
export function reportUrl(alerts: AlertConfig, to: string, at: Date): string {
  const token = signLink(alerts.linkSecret, {
    purpose: "report",
    record: "report",
    id: randomUUID(),
    to,
    expires: Math.floor(at.getTime() / 1000) + alerts.linkTtlHours * 3_600,
  })
  return `${alerts.siteUrl}/office/report/#t=${token}`
}

/** A "Not spam" link, valid until `expires` (the spam review's: while the record can be kept). */
export function releaseUrl(config: BackendConfig, id: string, expires: Date): string {
  const token = signLink(config.alerts.linkSecret, {
    purpose: "release",
    record: "spam",
    id,
    to: "office",
    expires: Math.floor(expires.getTime() / 1000),
  })
  return `${config.alerts.siteUrl}/office/release/#t=${token}`
}

/** A "Confirm <window>" link for one of a lead's arrival windows, valid for the alerts' link lifetime. */
export function confirmUrl(alerts: AlertConfig, leadId: string, window: string, to: string, at: Date): string {
  const token = signLink(alerts.linkSecret, {
    purpose: "confirm",
    record: "lead",
    id: leadId,
    to,
    expires: Math.floor(at.getTime() / 1000) + alerts.linkTtlHours * 3_600,
    window,
  })
  return `${alerts.siteUrl}/office/confirm/#t=${token}`
}
