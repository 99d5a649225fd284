/** @jest-environment node */
import { CANARY_NEEDLES, compilationHash, SECRET_CANARIES } from "../scripts/secret-canaries"
import { findSecrets } from "../scripts/secret-scan"

const kinds = (text: string, canaries = {}) => findSecrets(text, canaries).map((f) => f.kind)
const jwt = (payload: object) =>
  `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.c2lnbmF0dXJl`

test("every canary is found by its value and by its shape", () => {
  for (const [name, value] of Object.entries(SECRET_CANARIES)) {
    expect(kinds(`var x="${value}";`, CANARY_NEEDLES)).toContain(`canary ${name}`)
  }
  expect(kinds(`"${SECRET_CANARIES.RESEND_API_KEY}"`)).toEqual(["Resend API key"])
  expect(kinds(`"${SECRET_CANARIES.SUPABASE_SERVICE_ROLE_KEY}"`)).toEqual(["service_role JWT"])
  expect(kinds(`"${SECRET_CANARIES.SUPABASE_DB_URL}"`)).toEqual(["Postgres URL with a password"])
  expect(kinds(`"${SECRET_CANARIES.DATABASE_URL}"`)).toEqual(["Postgres URL with a password"])
  expect(kinds("only the CanaryDbPassword7f3a9c", CANARY_NEEDLES)).toEqual(["canary database password"])
})

test("secret shapes", () => {
  expect(kinds(jwt({ role: "service_role", iss: "supabase" }))).toEqual(["service_role JWT"])
  expect(kinds("-----BEGIN PRIVATE KEY-----\nMIIE")).toEqual(["PEM private key"])
  expect(kinds("-----BEGIN RSA PRIVATE KEY-----")).toEqual(["PEM private key"])
  expect(kinds("postgres://app:s3cret@db.example.com:5432/app")).toEqual(["Postgres URL with a password"])
})

test("public values are not secrets", () => {
  // The anon key is a JWT meant for browsers.
  expect(kinds(jwt({ role: "anon", iss: "supabase" }))).toEqual([])
  expect(kinds("postgres://db.example.com/app and postgres://user@db/app")).toEqual([])
  expect(kinds("-----BEGIN PUBLIC KEY-----")).toEqual([])
  expect(kinds("function pre_render_helper_function_name(){}")).toEqual([])
})

test("the build is identified by its webpack compilation hash", () => {
  expect(compilationHash('<script>window.___webpackCompilationHash="48090c85276eb58b5011";</script>')).toBe(
    "48090c85276eb58b5011",
  )
  expect(compilationHash("<html></html>")).toBeNull()
})
