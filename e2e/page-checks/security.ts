/** The security headers every page carries, as the static host serves them (public/_headers). */
import type { Page, Response } from "playwright-core"
import { metaPolicy } from "../../gatsby/security-headers"
import { generatedCsp } from "./watched-page"

/**
 * The page answered `status` with the security headers: the generated policy in its header, or on the
 * not-found page (under no folder's rule) in its own meta element; HSTS, framing, sniffing, referrer,
 * permissions, caching and type.
 */
export async function expectSecurityHeaders(page: Page, response: Response | null, status: number) {
  expect(response?.status()).toBe(status)
  const headers = response?.headers() ?? {}
  if (status === 404) {
    // Unknown paths are under no folder's rule: the not-found page carries the policy itself.
    expect(headers["content-security-policy"]).toBeUndefined()
    expect(await page.locator('head > meta[http-equiv="Content-Security-Policy"]').getAttribute("content")).toBe(
      metaPolicy(generatedCsp() ?? ""),
    )
  } else expect(headers["content-security-policy"]).toBe(generatedCsp())
  expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains; preload")
  expect(headers["x-frame-options"]).toBe("DENY")
  expect(headers["x-content-type-options"]).toBe("nosniff")
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin")
  expect(headers["permissions-policy"]).toMatch(/camera=\(\)/)
  expect(headers["cache-control"]).toBe("public, max-age=0, must-revalidate")
  expect(headers["content-type"]).toBe("text/html; charset=utf-8")
}
