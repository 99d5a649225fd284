/** Finds secrets in build output: known canary values, and strings shaped like server secrets. */

export interface Finding {
  kind: string
  match: string
}

const decodeJson = (part: string): unknown => {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8"))
  } catch {
    return null
  }
}

/** Shapes of the secrets this project has (the anon key is a JWT too, but with role "anon": public). */
const SHAPES: ReadonlyArray<{ kind: string; pattern: RegExp; confirm?: (match: string) => boolean }> = [
  { kind: "Resend API key", pattern: /\bre_[A-Za-z0-9]{6,}_[A-Za-z0-9]{16,}/g },
  {
    kind: "service_role JWT",
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g,
    confirm: (jwt) => {
      const payload = decodeJson(jwt.split(".")[1] ?? "")
      return typeof payload === "object" && payload !== null && (payload as { role?: unknown }).role === "service_role"
    },
  },
  // A user and a password before the host; "postgres://host/db" alone names no secret.
  { kind: "Postgres URL with a password", pattern: /\bpostgres(?:ql)?:\/\/[^\s:/@"'`]+:[^\s@"'`/]+@/g },
  { kind: "PEM private key", pattern: /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----/g },
]

export function findSecrets(text: string, canaries: Readonly<Record<string, string>> = {}): Finding[] {
  const findings: Finding[] = []
  for (const [name, value] of Object.entries(canaries)) {
    if (text.includes(value)) findings.push({ kind: `canary ${name}`, match: value })
  }
  for (const { kind, pattern, confirm } of SHAPES) {
    for (const [match] of text.matchAll(pattern)) if (!confirm || confirm(match)) findings.push({ kind, match })
  }
  return findings
}
