/**
 * Which address a request comes from, for the rate limit and Turnstile. Only an address the platform
 * wrote counts: the client writes X-Forwarded-For too, so its leftmost entries are whatever it likes.
 * Each trusted proxy (on Supabase, the Kong API gateway) appends the address of the peer it accepted
 * the connection from, so the entry `trustedProxyHops` from the right is the one the first trusted
 * proxy saw; with 0 hops the socket's address is used and X-Forwarded-For is ignored. When that entry
 * is missing or not an IP address, the socket's address stands in, and failing that one shared bucket:
 * a request never escapes the limit.
 */

/** The rate-limit key of every request whose address is unknown: they share one bucket. */
export const UNKNOWN_CLIENT = "unknown"

/** The wider networks an address is also limited by (spam/address-limit.ts gives each its budget). */
export const NETWORK_PREFIXES = ["ipv6/56", "ipv6/48", "ipv4/24"] as const
export type NetworkPrefix = (typeof NETWORK_PREFIXES)[number]

export interface ClientNetwork {
  prefix: NetworkPrefix
  /** The network in CIDR notation, e.g. "2001:db8:0:100::/56" or "203.0.113.0/24". */
  key: string
}

export interface ClientAddress {
  /** The normalised address (IPv4-mapped IPv6 turned into IPv4), or null when unknown. */
  ip: string | null
  /** What the rate limit counts by: the IPv4 address, the IPv6 /64 prefix, or UNKNOWN_CLIENT. */
  key: string
  /**
   * The wider networks it belongs to, narrowest first: an IPv6 /64's /56 and /48 (one site is given a
   * /56 or a /48, so it could otherwise rotate through 256 or 65,536 /64s), an IPv4 address's /24.
   * None for an unknown address.
   */
  networks: readonly ClientNetwork[]
}

export interface ClientAddressInput {
  /** The X-Forwarded-For header as received (several headers arrive joined with ", "). */
  forwardedFor?: string | null
  /** The address of the peer on the socket, from the runtime. */
  remoteAddress?: string | null
  trustedProxyHops: number
}

export function clientAddress({ forwardedFor, remoteAddress, trustedProxyHops }: ClientAddressInput): ClientAddress {
  const entry = trustedProxyHops > 0 ? forwardedEntry(forwardedFor, trustedProxyHops) : null
  return (
    (entry !== null ? parseIp(entry) : null) ??
    (remoteAddress ? parseIp(remoteAddress) : null) ?? { ip: null, key: UNKNOWN_CLIENT, networks: [] }
  )
}

/** The entry `hops` from the right; empty entries count, as each proxy appends exactly one. */
function forwardedEntry(header: string | null | undefined, hops: number): string | null {
  if (!header) return null
  const entries = header.split(",")
  return entries[entries.length - hops] ?? null
}

/** An address as a proxy or runtime writes it: IPv4, IPv6, either with a port ("1.2.3.4:80", "[::1]:443"). */
export function parseIp(raw: string): ClientAddress | null {
  const text = raw.trim()
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text)
  if (bracketed?.[1]) return ipv6Address(bracketed[1])
  const v4WithPort = /^([\d.]+):\d{1,5}$/.exec(text)
  const v4 = parseIpv4(v4WithPort?.[1] ?? text)
  if (v4) return ipv4Address(v4)
  return ipv6Address(text)
}

function ipv4Address(octets: readonly number[]): ClientAddress {
  const ip = octets.join(".")
  return { ip, key: ip, networks: [{ prefix: "ipv4/24", key: `${octets.slice(0, 3).join(".")}.0/24` }] }
}

function ipv6Address(text: string): ClientAddress | null {
  const groups = parseIpv6(text)
  if (!groups) return null
  // ::ffff:a.b.c.d is an IPv4 client on a dual-stack socket: the same visitor as a.b.c.d.
  const [high = 0, low = 0] = groups.slice(6)
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return ipv4Address([high >> 8, high & 255, low >> 8, low & 255])
  const hex = groups.map((g) => g.toString(16))
  const [a = 0, b = 0, c = 0, d = 0] = groups
  const prefix = (...head: number[]) => head.map((g) => g.toString(16)).join(":")
  return {
    ip: hex.join(":"),
    // One host usually holds a whole /64 and can pick any address in it: the /64 is the visitor.
    key: `${prefix(a, b, c, d)}::/64`,
    networks: [
      { prefix: "ipv6/56", key: `${prefix(a, b, c, d & 0xff00)}::/56` },
      { prefix: "ipv6/48", key: `${prefix(a, b, c)}::/48` },
    ],
  }
}

function parseIpv4(text: string): number[] | null {
  const parts = text.split(".")
  if (parts.length !== 4) return null
  // No leading zeros: "010" is octal to some parsers and decimal to others.
  if (!parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p))) return null
  const octets = parts.map(Number)
  return octets.every((o) => o <= 255) ? octets : null
}

function parseIpv6(input: string): number[] | null {
  // A zone ("%eth0") names the local interface, not the host.
  let text = input.replace(/%[\w.-]+$/, "")
  const lastColon = text.lastIndexOf(":")
  if (lastColon < 0) return null
  if (text.includes(".")) {
    const v4 = parseIpv4(text.slice(lastColon + 1))
    if (!v4) return null
    const [a = 0, b = 0, c = 0, d = 0] = v4
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const halves = text.split("::")
  if (halves.length > 2) return null
  const [first = "", second] = halves
  const groupsOf = (part: string) =>
    part === "" ? [] : part.split(":").map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : Number.NaN))
  const head = groupsOf(first)
  const tail = second === undefined ? [] : groupsOf(second)
  if ([...head, ...tail].some(Number.isNaN)) return null
  if (halves.length === 1) return head.length === 8 ? head : null
  if (head.length + tail.length > 7) return null
  return [...head, ...Array.from({ length: 8 - head.length - tail.length }, () => 0), ...tail]
}
