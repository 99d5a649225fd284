/**
 * @jest-environment node
 *
 * A server setting the visitor cannot fix never refuses a lead: a page on an origin
 * the settings do not list (apex vs www, a new domain, `npm start` on another port) or a site built with a
 * key that is not the project's (a rotated one) is answered as any lead is, readable by the browser
 * (CORS answers every origin), and stored with a flag for the office that never holds the key itself.
 */
import fc from "fast-check"
import { createApp } from "../../supabase/functions/_shared/app"
import { configFromEnv, defaultAllowedOrigins } from "../../supabase/functions/_shared/config"
import type { Db } from "../../supabase/functions/_shared/db"
import {
  ANON_KEY,
  TEST_IP_HASH_SALT,
  bodies,
  nextVisitorIp,
  testConfig,
  withFreshDb,
  type AppUnderTest,
} from "./helpers"
import { arrayContaining } from "./matchers"

let db: Db
let app: AppUnderTest
const config = testConfig({ RATE_LIMIT_MAX: "0" })
withFreshDb((fresh) => {
  db = fresh
  app = createApp({ db, config })
})

const FORMS = [
  ["process-contact", bodies.contact, "contact_messages"],
  ["process-simple-lead", bodies.estimateLead, "leads"],
  ["process-simple-lead", bodies.booking, "leads"],
  ["process-simple-lead", bodies.callback, "leads"],
] as const

/** Origins a page may really have: the listed ones, their twins, other ports, other domains, odd spellings. */
const origin = fc.option(
  fc.oneof(
    fc.constantFrom(...config.allowedOrigins),
    fc.constantFrom(
      "https://westchesterfamilypest.example",
      "https://www.westchesterfamilypest.example",
      "https://westchesterfamilypest.com",
      "http://localhost:9100",
      "null",
    ),
    fc.integer({ min: 1, max: 65535 }).map((port) => `http://localhost:${port}`),
    fc.webUrl().map((url) => new URL(url).origin),
    fc.string({ minLength: 1, maxLength: 300 }).filter((text) => /^[\x21-\x7e]+$/.test(text)),
  ),
  { freq: 4 },
)

/** A header value a browser can send: printable ASCII, trimmed. */
const headerText = fc.stringMatching(/^[\x21-\x7e]([\x20-\x7e]{0,78}[\x21-\x7e])?$/)

/** What the site may send as its key: ours, none, an old or foreign one, in the apikey header or as a bearer. */
const key = fc.record({
  apikey: fc.option(fc.oneof(fc.constant(ANON_KEY), fc.constant(""), headerText), { nil: undefined }),
  bearer: fc.option(fc.oneof(fc.constant(ANON_KEY), headerText), { nil: undefined }),
})

/** A POST from a new visitor with exactly these headers (no default origin or key). */
const send = (name: string, body: object, headers: Record<string, string>) =>
  app.request(`/functions/v1/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": nextVisitorIp(), ...headers },
    body: JSON.stringify(body),
  })

test("whatever the origin and the key, the lead is answered 200, readable by the page, and stored with exactly the flags the settings earn", async () => {
  await fc.assert(
    fc.asyncProperty(
      origin,
      key,
      fc.constantFrom(...FORMS),
      async (from, { apikey, bearer }, [name, makeBody, table]) => {
        const headers: Record<string, string> = {}
        if (apikey !== undefined) headers.apikey = apikey
        if (bearer !== undefined) headers.authorization = `Bearer ${bearer}`
        if (from !== null) headers.origin = from
        const body = makeBody()
        const response = await send(name, body, headers)
        expect(response.status).toBe(200)
        expect(response.headers.get("access-control-allow-origin")).toBe(from)

        const sentKey = headers.apikey
        const sentBearer = headers.authorization?.replace(/^Bearer\s+/i, "")
        const expected = [
          ...(sentKey !== ANON_KEY && sentBearer !== ANON_KEY
            ? [{ code: "apikey_mismatch", detail: sentKey || sentBearer ? "not the project's key" : "missing" }]
            : []),
          ...(from !== null && !config.allowedOrigins.includes(from)
            ? [{ code: "origin_not_allowed", detail: from.slice(0, 200) }]
            : []),
        ]
        const [row] = await db.query<{ flags: { code: string; detail: string }[] }>(
          `select flags from ${table} where submission_id = $1`,
          [body.submissionId],
        )
        // Flags the body itself earns (an unknown value, a time) are not this test's: these two codes are exactly as expected.
        const settings = row?.flags.filter(
          (flag) => flag.code === "apikey_mismatch" || flag.code === "origin_not_allowed",
        )
        expect(settings).toEqual(expected)
        // The key itself is never stored.
        if (sentKey && sentKey.length > 3) expect(JSON.stringify(row?.flags)).not.toContain(sentKey)
      },
    ),
    { numRuns: 120 },
  )
})

test("the preflight is answered for any origin, with the headers supabase-js sends", async () => {
  await fc.assert(
    fc.asyncProperty(
      origin.filter((o) => o !== null),
      async (from) => {
        const preflight = await app.request("/functions/v1/process-simple-lead", {
          method: "OPTIONS",
          headers: {
            origin: from,
            "access-control-request-method": "POST",
            "access-control-request-headers": "authorization, x-client-info, apikey, content-type",
          },
        })
        expect(preflight.status).toBe(204)
        expect(preflight.headers.get("access-control-allow-origin")).toBe(from)
        expect(preflight.headers.get("access-control-allow-methods")).toContain("POST")
      },
    ),
    { numRuns: 40 },
  )
})

describe("ALLOWED_ORIGINS unless set", () => {
  test("the local backend follows the site's port (PORT=9100 npm start), with 127.0.0.1 and the develop server", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1024, max: 65535 }), (port) => {
        const local = configFromEnv(() => undefined, {
          ipHashSalt: TEST_IP_HASH_SALT,
          siteUrl: `http://localhost:${port}`,
        })
        expect(local.allowedOrigins).toEqual(
          arrayContaining([`http://localhost:${port}`, `http://127.0.0.1:${port}`, "http://localhost:8000"]),
        )
      }),
    )
  })

  test("a site's www and apex are one site; ALLOWED_ORIGINS, when set, is the list", () => {
    expect(defaultAllowedOrigins(["https://www.example.com"], 8000)).toEqual([
      "https://www.example.com",
      "https://example.com",
      "http://localhost:8000",
      "http://127.0.0.1:8000",
    ])
    expect(defaultAllowedOrigins(["https://example.com/"], 8001)).toEqual([
      "https://example.com",
      "https://www.example.com",
      "http://localhost:8001",
      "http://127.0.0.1:8001",
    ])
    const env: Record<string, string> = { SITE_URL: "https://www.example.com", ALLOWED_ORIGINS: "https://a.example/" }
    expect(configFromEnv((name) => env[name], { ipHashSalt: TEST_IP_HASH_SALT }).allowedOrigins).toEqual([
      "https://a.example",
    ])
    // On Supabase SITE_URL names the public site: it and its twin are allowed, besides the local site.
    const deployed = configFromEnv((name) => (name === "SITE_URL" ? "https://www.example.com" : undefined), {
      ipHashSalt: TEST_IP_HASH_SALT,
    })
    expect(deployed.allowedOrigins).toEqual(
      arrayContaining(["https://www.example.com", "https://example.com", "http://localhost:9000"]),
    )
  })
})
