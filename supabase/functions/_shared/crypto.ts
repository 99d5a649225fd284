/** Hashing and signing with node:crypto, which Deno, Supabase Edge Functions and Node all provide (synchronous, so cheap per request). */
import { createHash, createHmac, timingSafeEqual } from "node:crypto"

export const sha256Hex = (text: string): string => createHash("sha256").update(text).digest("hex")

export const hmacSha256Hex = (secret: string, message: string): string =>
  createHmac("sha256", secret).update(message).digest("hex")

/**
 * Whether an Authorization header carries `Bearer <secret>`, in constant time: the digests are compared,
 * so neither the secret's length nor its first differing character shows in the time taken. No secret
 * set authorises nothing.
 */
export function bearerIs(header: string | undefined, secret: string | undefined): boolean {
  if (!secret || header === undefined) return false
  const digest = (text: string) => createHash("sha256").update(text).digest()
  return timingSafeEqual(digest(header), digest(`Bearer ${secret}`))
}

/** JSON with keys sorted at every level, so equal bodies hash equally. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`
  }
  return JSON.stringify(value)
}
