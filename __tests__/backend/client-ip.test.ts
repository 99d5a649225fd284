/**
 * @jest-environment node
 *
 * Which address the rate limit counts a request by. The client writes X-Forwarded-For too, so
 * only the entry a trusted proxy appended counts (TRUSTED_PROXY_HOPS from the right), or the
 * socket's address with no proxy; anything missing or malformed falls back to the socket, then to
 * one shared bucket. Invented, rotated or malformed addresses must never lift the limit.
 */
import http from "node:http"
import { isIP } from "node:net"
import fc from "fast-check"
import { startBackend } from "../../server/backend"
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { clientAddress, parseIp, UNKNOWN_CLIENT } from "../../supabase/functions/_shared/spam/client-ip"
import { ANON_KEY, SITE_ORIGIN, bodies, withFreshDb, testConfig } from "./helpers"
import { memoryDatabasesFromTemplate } from "./migrated-template"

jest.setTimeout(120_000)
// The backends' memory:// databases start from initdb's files rather than running it.
memoryDatabasesFromTemplate()

const hex16 = fc.integer({ min: 0, max: 0xffff })
const groups8 = fc.array(hex16, { minLength: 8, maxLength: 8 })
/** IPv6 the ways proxies and runtimes write it: full, compressed, upper case, bracketed with a port. */
const ipv6Spellings = (g: number[]) => {
  const full = g.map((x) => x.toString(16)).join(":")
  const padded = g.map((x) => x.toString(16).padStart(4, "0")).join(":")
  const zero = g.indexOf(0)
  const hex = (part: number[]) => part.map((x) => x.toString(16)).join(":")
  const compressed = zero < 0 ? [] : [`${hex(g.slice(0, zero))}::${hex(g.slice(zero + 1))}`]
  return [full, padded.toUpperCase(), `[${full}]`, `[${padded}]:443`, `${full}%eth0`, ...compressed]
}
/** What a client may write in X-Forwarded-For: anything, including commas, ports and brackets. */
const clientWritten = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc
    .array(
      fc.oneof(
        fc.ipV4(),
        fc.ipV6(),
        fc.constantFrom("unknown", "", " ", "[::1]:443", "1.2.3.4:80", "_hidden", "999.1.1.1"),
      ),
      { maxLength: 8 },
    )
    .map((a) => a.join(", ")),
)

describe("parsing an address", () => {
  test("every IPv4 address parses to itself, with or without a port, and belongs to its /24", () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.integer({ min: 0, max: 65535 }), (ip, port) => {
        const expected = { ip, key: ip, networks: [{ prefix: "ipv4/24", key: ip.replace(/\.\d+$/, ".0/24") }] }
        expect(parseIp(ip)).toEqual(expected)
        expect(parseIp(` ${ip}:${port} `)).toEqual(expected)
        expect(parseIp(`::ffff:${ip}`)).toEqual(expected)
        expect(parseIp(`[::FFFF:${ip}]:${port}`)).toEqual(expected)
      }),
    )
  })

  test("every IPv6 address parses, and all spellings of one /64 share a key", () => {
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        expect(parseIp(ip)).not.toBeNull()
      }),
    )
    fc.assert(
      fc.property(groups8, groups8, (a, b) => {
        // Not IPv4-mapped (::ffff:a.b.c.d), which is keyed as IPv4.
        fc.pre(a.slice(0, 4).some((x) => x !== 0))
        const keys = ipv6Spellings(a).map((s) => parseIp(s)?.key)
        expect(new Set(keys).size).toBe(1)
        expect(keys[0]).toMatch(/::\/64$/)
        // Same first four groups: the same visitor, whatever the host part.
        const sibling = [...a.slice(0, 4), ...b.slice(4)]
        expect(parseIp(ipv6Spellings(sibling)[0]!)?.key).toBe(keys[0])
      }),
    )
  })

  test("an IPv6 address belongs to its /56 and /48: one key per network, shared by every address in it, whatever the spelling", () => {
    const networksOf = (groups: number[]) =>
      Object.fromEntries((parseIp(ipv6Spellings(groups)[0]!)?.networks ?? []).map((n) => [n.prefix, n.key]))
    fc.assert(
      fc.property(groups8, groups8, fc.integer({ min: 0, max: 0xff }), (a, b, low) => {
        // Not IPv4-mapped (::ffff:a.b.c.d) whatever the later groups: the first three are not all zero.
        fc.pre(a.slice(0, 3).some((x) => x !== 0))
        const own = networksOf(a)
        expect(Object.keys(own)).toEqual(["ipv6/56", "ipv6/48"])
        expect(own["ipv6/56"]).toMatch(/::\/56$/)
        expect(own["ipv6/48"]).toMatch(/::\/48$/)
        for (const spelling of ipv6Spellings(a))
          expect(parseIp(spelling)?.networks).toEqual(parseIp(ipv6Spellings(a)[0]!)?.networks)
        // Another /64 in the same /56 (only the low byte of the fourth group differs): the same /56 and /48.
        const sameNet56 = [...a.slice(0, 3), (a[3]! & 0xff00) | low, ...b.slice(4)]
        expect(networksOf(sameNet56)).toEqual(own)
        // Another /56 in the same /48: the same /48, another /56 unless the fourth group's high byte is equal.
        const sameNet48 = [...a.slice(0, 3), ...b.slice(3)]
        expect(networksOf(sameNet48)["ipv6/48"]).toBe(own["ipv6/48"])
        expect(networksOf(sameNet48)["ipv6/56"] === own["ipv6/56"]).toBe(b[3]! >> 8 === a[3]! >> 8)
        // Another /48: nothing shared.
        fc.pre(b.slice(0, 3).some((x, i) => x !== a[i]) && b.slice(0, 3).some((x) => x !== 0))
        const other = networksOf(b)
        expect(other["ipv6/48"]).not.toBe(own["ipv6/48"])
        expect(other["ipv6/56"]).not.toBe(own["ipv6/56"])
      }),
    )
  })

  test("what parses is an IP address; what is not one does not parse", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 50 }),
          clientWritten,
          fc.constantFrom(
            ",",
            "  ",
            "unknown",
            "1.2.3",
            "1.2.3.4.5",
            "010.0.0.1",
            "256.1.1.1",
            ":::",
            "1::2::3",
            "[::1",
            "::1]",
            "1.2.3.4:",
            "1.2.3.4:123456",
          ),
        ),
        (text) => {
          const parsed = parseIp(text)
          if (parsed) expect(isIP(parsed.ip ?? "")).not.toBe(0)
          if (!/[[\]:%]/.test(text) && isIP(text.trim()) === 0) expect(parsed).toBeNull()
        },
      ),
      { numRuns: 2_000 },
    )
  })
})

describe("choosing the entry", () => {
  const gateway = fc.oneof(fc.ipV4(), fc.ipV6())

  test("with one trusted hop, the entry the gateway appended is used whatever the client wrote before it, in one header or several", () => {
    fc.assert(
      fc.property(clientWritten, clientWritten, gateway, fc.option(gateway), (written, second, appended, socket) => {
        const expected = parseIp(appended)!
        for (const header of [
          `${written}, ${appended}`,
          `${written},${appended}`,
          `${written}, ${second}, ${appended}`,
          appended,
        ]) {
          expect(clientAddress({ forwardedFor: header, remoteAddress: socket, trustedProxyHops: 1 })).toEqual(expected)
        }
      }),
    )
  })

  test("with two hops, the second from the right; with none, the socket and never the header", () => {
    fc.assert(
      fc.property(clientWritten, gateway, gateway, gateway, (written, first, second, socket) => {
        expect(
          clientAddress({
            forwardedFor: `${written}, ${first}, ${second}`,
            remoteAddress: socket,
            trustedProxyHops: 2,
          }),
        ).toEqual(parseIp(first))
        expect(
          clientAddress({ forwardedFor: `${written}, ${first}`, remoteAddress: socket, trustedProxyHops: 0 }),
        ).toEqual(parseIp(socket))
      }),
    )
  })

  test("a missing or malformed entry falls back to the socket, then to one shared bucket", () => {
    const malformed = fc.constantFrom(",", "  ", "unknown", "", "garbage", "1.2.3.4.5", "[::1", "999.999.999.999")
    fc.assert(
      fc.property(clientWritten, malformed, gateway, fc.integer({ min: 1, max: 5 }), (written, bad, socket, hops) => {
        expect(
          clientAddress({ forwardedFor: `${written},${bad}`, remoteAddress: socket, trustedProxyHops: 1 }),
        ).toEqual(parseIp(socket))
        const unknown = { ip: null, key: UNKNOWN_CLIENT, networks: [] }
        expect(clientAddress({ forwardedFor: `${written},${bad}`, remoteAddress: null, trustedProxyHops: 1 })).toEqual(
          unknown,
        )
        expect(
          clientAddress({ forwardedFor: undefined, remoteAddress: "not an address", trustedProxyHops: hops }),
        ).toEqual(unknown)
        // Fewer entries than hops: the header cannot be trusted for this many proxies.
        expect(clientAddress({ forwardedFor: socket, remoteAddress: null, trustedProxyHops: hops + 1 })).toEqual(
          unknown,
        )
      }),
    )
  })
})

describe("the limit cannot be lifted by what the client writes", () => {
  let db: Db
  let salts = 0
  withFreshDb((fresh) => {
    db = fresh
  })

  const MAX = 3
  /** A new app with buckets no other run has touched (its own salt), limited to MAX. */
  const freshApp = (hops: number, socket: string | null) =>
    createApp({
      db,
      config: testConfig({
        RATE_LIMIT_MAX: String(MAX),
        // A year's window: the limit's windows are fixed, and a run that crossed a boundary (every 10 minutes
        // by default) rightly allowed MAX more, which read as the limit switched off.
        RATE_LIMIT_WINDOW_SECONDS: String(365 * 86_400),
        IP_HASH_SALT: `client-ip-test-salt-${++salts}`,
        TRUSTED_PROXY_HOPS: String(hops),
      }),
      remoteAddress: () => socket,
    })
  const send = (app: ReturnType<typeof createApp>, forwarded: string[]) => {
    const headers = new Headers({ "content-type": "application/json", apikey: ANON_KEY, origin: SITE_ORIGIN })
    // Several X-Forwarded-For headers arrive joined with ", ", as fetch and Node join them.
    for (const value of forwarded) headers.append("x-forwarded-for", value)
    return app.request("/functions/v1/process-contact", {
      method: "POST",
      headers,
      body: JSON.stringify(bodies.contact()),
    })
  }
  const statusesOf = async (app: ReturnType<typeof createApp>, headers: string[][]) => {
    const statuses: number[] = []
    for (const forwarded of headers) statuses.push((await send(app, forwarded)).status)
    return statuses
  }
  const limited = (statuses: number[]) => {
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX)
    expect(statuses.slice(MAX).every((s) => s === 429)).toBe(true)
  }
  const weird = fc.oneof(
    fc.constantFrom(",", "  ", "unknown", "1.2.3.4:80", "[::1]:443", ", ,", "::ffff:203.0.113.9", "garbage"),
    fc.string({ maxLength: 40 }),
    fc.ipV6(),
    fc.array(fc.ipV4(), { minLength: 50, maxLength: 300 }).map((a) => a.join(", ")),
  )

  test("invented and rotated addresses from one socket (no trusted proxy) get MAX answers, then 429", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(clientWritten, { maxLength: 3 }), { minLength: MAX + 2, maxLength: MAX + 4 }),
        fc.oneof(fc.ipV4(), fc.ipV6()),
        async (headers, socket) => {
          limited(await statusesOf(freshApp(0, socket), headers))
        },
      ),
      { numRuns: 25 },
    )
  })

  test("behind one trusted proxy, client-prepended rotated entries are ignored: the appended one is counted", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(clientWritten, { minLength: MAX + 2, maxLength: MAX + 4 }),
        fc.oneof(fc.ipV4(), fc.ipV6()),
        async (written, appended) => {
          limited(
            await statusesOf(
              freshApp(1, "10.9.9.9"),
              written.map((w, i) => (i % 2 ? [`${w}, ${appended}`] : [w, appended])),
            ),
          )
        },
      ),
      { numRuns: 25 },
    )
  })

  test("weird headers never switch the limit off and never cause a 500, with or without a socket address", async () => {
    await fc.assert(
      fc.asyncProperty(weird, fc.option(fc.ipV4()), fc.integer({ min: 0, max: 2 }), async (header, socket, hops) => {
        limited(
          await statusesOf(
            freshApp(hops, socket),
            Array.from({ length: MAX + 2 }, () => [header]),
          ),
        )
      }),
      { numRuns: 40 },
    )
  })

  test("IPv6 hosts in one /64 share a bucket", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(groups8, { minLength: MAX + 2, maxLength: MAX + 2 }),
        groups8,
        async (hosts, prefix) => {
          fc.pre(prefix.slice(0, 4).some((x) => x !== 0))
          const addresses = hosts.map((h) => [
            [...prefix.slice(0, 4), ...h.slice(4)].map((x) => x.toString(16)).join(":"),
          ])
          limited(await statusesOf(freshApp(1, null), addresses))
        },
      ),
      { numRuns: 15 },
    )
  })
})

describe("the local backend over real sockets", () => {
  const rawPost = (url: string, forwarded: string[]) =>
    new Promise<number>((resolve, reject) => {
      const target = new URL(`${url}/functions/v1/process-contact`)
      // node:http sends an array as that many separate headers.
      const request = http.request(
        target,
        {
          method: "POST",
          headers: { "content-type": "application/json", apikey: ANON_KEY, "x-forwarded-for": forwarded },
        },
        (response) => {
          response.resume()
          response.on("end", () => {
            resolve(response.statusCode ?? 0)
          })
        },
      )
      request.on("error", reject)
      request.end(JSON.stringify(bodies.contact()))
    })

  test.each([
    [
      "no trusted proxy (the default): the socket's address, whatever X-Forwarded-For says",
      {},
      (i: number) => [`198.18.0.${i}`],
    ],
    [
      "one trusted proxy: the appended entry, several headers joined",
      { TRUSTED_PROXY_HOPS: "1" },
      (i: number) => [`198.18.0.${i}`, "203.0.113.50"],
    ],
  ])("%s", async (_name, env, forwarded) => {
    const backend = await startBackend({
      dataDir: "memory://",
      apiPort: 0,
      dbPort: null,
      outboxIntervalMs: 0,
      env: { SUPABASE_ANON_KEY: ANON_KEY, RATE_LIMIT_MAX: String(3), ...env },
    })
    try {
      const statuses: number[] = []
      for (let i = 1; i <= 5; i++) statuses.push(await rawPost(backend.url, forwarded(i)))
      expect(statuses).toEqual([200, 200, 200, 429, 429])
    } finally {
      await backend.stop()
    }
  })
})
