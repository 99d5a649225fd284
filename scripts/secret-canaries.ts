/**
 * Fake values for every server secret, set in the environment of the build `npm test` makes
 * (scripts/build-with-canaries.ts), so the secret scan (e2e/no-secrets.test.ts) can prove none of
 * them reaches public/. Each is shaped like the real thing, so the shape checks must catch it too.
 */
const base64url = (text: string) => Buffer.from(text).toString("base64url")

const DB_PASSWORD = "CanaryDbPassword7f3a9c"
const SERVICE_ROLE_JWT = [
  base64url(JSON.stringify({ alg: "HS256", typ: "JWT" })),
  base64url(
    JSON.stringify({ iss: "supabase", ref: "canary7f3a9c", role: "service_role", iat: 1700000000, exp: 2000000000 }),
  ),
  "CanaryServiceRoleSignature7f3a9cXk2",
].join(".")

export const SECRET_CANARIES: Readonly<Record<string, string>> = {
  SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_JWT,
  RESEND_API_KEY: "re_Canary7f_ResendApiKeyCanary7f3a9cQ",
  CRM_WEBHOOK_SECRET: "canary-crm-webhook-secret-7f3a9c",
  OUTBOX_DISPATCH_SECRET: "canary-outbox-dispatch-secret-7f3a9c",
  TURNSTILE_SECRET_KEY: "0x4AAAAAAACanaryTurnstileSecret7f3a9c",
  IP_HASH_SALT: "canary-ip-hash-salt-7f3a9c",
  SUPABASE_DB_URL: `postgresql://postgres.canary7f3a9c:${DB_PASSWORD}@aws-0-us-east-1.pooler.supabase.com:6543/postgres`,
  DATABASE_URL: `postgres://postgres:${DB_PASSWORD}@127.0.0.1:5432/postgres`,
}

/** What the scan looks for: every canary, and the database password alone (a leak may take just that part). */
export const CANARY_NEEDLES: Readonly<Record<string, string>> = { ...SECRET_CANARIES, "database password": DB_PASSWORD }

/** Where the canary build records which build it was (outside public/, which must hold no trace). */
export const CANARY_BUILD_MARKER = "reports/canary-build.json"

/** The webpack compilation hash Gatsby writes into every page: identifies one build of public/. */
export const compilationHash = (indexHtml: string) =>
  /window\.___webpackCompilationHash="([^"]+)"/.exec(indexHtml)?.[1] ?? null
