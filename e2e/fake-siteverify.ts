/**
 * Siteverify for the browser tests' backend (TURNSTILE_VERIFY_URL): Cloudflare's rules on the stand-in's
 * tokens. A token starting "stand-in-pass-" passes once; the same token again passes only with the
 * idempotency key of its first verification; anything else is "invalid-input-response".
 */
import http from "node:http"
import { STAND_IN_TOKEN_PREFIX } from "./turnstile-stand-in"

/** Cloudflare's always-pass test secret: what the e2e backend is configured with. */
export const E2E_TURNSTILE_SECRET = "1x0000000000000000000000000000000AA"
export const SITEVERIFY_PATH = "/turnstile/v0/siteverify"

export async function startFakeSiteverify(): Promise<{ url: string; stop: () => Promise<void> }> {
  const spent = new Map<string, string>()
  const server = http.createServer((request, response) => {
    let text = ""
    request.setEncoding("utf8")
    request.on("data", (chunk: string) => (text += chunk))
    request.on("end", () => {
      const form = new URLSearchParams(text)
      const token = form.get("response") ?? ""
      const key = form.get("idempotency_key") ?? ""
      const earlier = spent.get(token)
      const known = form.get("secret") === E2E_TURNSTILE_SECRET && token.startsWith(STAND_IN_TOKEN_PREFIX)
      const success =
        request.method === "POST" &&
        request.url === SITEVERIFY_PATH &&
        known &&
        (earlier === undefined || (key !== "" && earlier === key))
      if (success && earlier === undefined) spent.set(token, key)
      const errors = success ? [] : earlier !== undefined ? ["timeout-or-duplicate"] : ["invalid-input-response"]
      response.writeHead(200, { "content-type": "application/json" })
      response.end(JSON.stringify({ success, "error-codes": errors }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  if (typeof address !== "object" || address === null) throw new Error("the fake siteverify has no port")
  return {
    url: `http://127.0.0.1:${address.port}${SITEVERIFY_PATH}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
