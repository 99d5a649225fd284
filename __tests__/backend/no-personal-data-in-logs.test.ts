/**
 * @jest-environment node
 *
 * No log line carries a lead's personal data. The functions log an error's class,
 * code and frames only (safe-log.ts): here every way a request can fail on our side is forced with a
 * lead's name, e-mail, phone and message inside the error (a real Postgres refusal quoting the row, a
 * real cast error quoting the value, an error whose message, detail, parameters, query and cause hold
 * them, a thrown string or object, a failing wake), and no captured console line may contain any of them.
 */
import { format } from "node:util"
import fc from "fast-check"
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db, SqlParam } from "../../supabase/functions/_shared/db"
import { describeError } from "../../supabase/functions/_shared/safe-log"
import { bodies, post, testConfig, withFreshDb } from "./helpers"

jest.setTimeout(120_000)

let db: Db
withFreshDb(async (fresh) => {
  db = fresh
  // A real Postgres refusal that quotes the whole row (DETAIL: Failing row contains (…)), for names carrying the marker.
  await fresh.query(
    `alter table contact_messages add constraint log_probe check (name not like '%Refuse-me%') not valid`,
  )
  await fresh.query(`alter table leads add constraint log_probe check (full_name not like '%Refuse-me%') not valid`)
})

/** Every console line written while `run` runs, as the terminal would show it. */
async function consoleDuring<T>(run: () => Promise<T>): Promise<{ result: T; lines: string[] }> {
  const lines: string[] = []
  const methods = ["error", "warn", "log", "info", "debug"] as const
  const spies = methods.map((method) =>
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(format(...args))
    }),
  )
  try {
    return { result: await run(), lines }
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
}

interface Person {
  name: string
  email: string
  phone: string
  message: string
}

/** A person whose every value is distinctive: found in a log line only if the line really carries it. */
const person: fc.Arbitrary<Person> = fc
  .tuple(fc.stringMatching(/^[a-z]{7,12}$/), fc.integer({ min: 1000, max: 9999 }))
  .map(([word, digits]) => ({
    name: `Quinn ${word[0]?.toUpperCase() ?? "Q"}${word.slice(1)}`,
    email: `${word}.lead@example.com`,
    phone: `914-555-${digits}`,
    message: `Wasps behind the ${word} shed, call after ${digits}`,
  }))

type Fault =
  | "postgres refuses the row"
  | "postgres quotes a value"
  | "an error holding the lead"
  | "a thrown non-error"
  | "the wake fails"
  | "year 0000 consent"
const FAULTS: readonly Fault[] = [
  "postgres refuses the row",
  "postgres quotes a value",
  "an error holding the lead",
  "a thrown non-error",
  "the wake fails",
  "year 0000 consent",
]

/** An error as drivers make them: the lead in the message, the detail, the parameters, the query and the cause. */
function errorHolding(p: Person): Error {
  const error = Object.assign(
    new Error(`duplicate key value: Key (email)=(${p.email}) for ${p.name}\n    at ${p.phone} (${p.message}:1:1)`, {
      cause: new Error(`while inserting ${p.name} <${p.email}>`),
    }),
    {
      code: "23505",
      detail: `Failing row contains (${p.name}, ${p.email}, ${p.phone}, ${p.message}).`,
      parameters: [p.name, p.email, p.phone, p.message],
      query: `insert into leads values ('${p.name}')`,
    },
  )
  return error
}

/** The database, with the lead's insert failing as the fault says (the transaction rolls back). */
function faultyDb(inner: Db, fault: Fault, p: Person): Db {
  const wrap = (tx: Db): Db => ({
    async query<Row>(text: string, params?: readonly SqlParam[]): Promise<Row[]> {
      if (!/insert into (leads|contact_messages)/.test(text)) return tx.query<Row>(text, params)
      // Postgres's own words: invalid input syntax for type integer: "<the e-mail>".
      if (fault === "postgres quotes a value") await tx.query(`select $1::int`, [p.email])
      if (fault === "an error holding the lead") throw errorHolding(p)
      // A library that throws what is not an Error: a string, or an object with the lead in it.
      if (fault === "a thrown non-error")
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- the fault under test: what is not an Error
        throw p.phone.endsWith("0") ? `could not store ${p.name} ${p.email}` : { message: p.name, email: p.email }
      return tx.query<Row>(text, params)
    },
    transaction: (work) => tx.transaction((inner) => work(wrap(inner))),
  })
  return wrap(inner)
}

const FORMS = ["contact", "booking"] as const

/** The form's body carrying the person (the contact form or the $49 booking), and the function it goes to. */
function request(form: (typeof FORMS)[number], p: Person, fault: Fault) {
  const name = fault === "postgres refuses the row" ? `${p.name} Refuse-me` : p.name
  const consent = fault === "year 0000 consent" ? { consent: { version: "v1", at: "0000-01-01T00:00:00Z" } } : {}
  return form === "contact"
    ? {
        fn: "process-contact",
        body: { ...bodies.contact(), name, email: p.email, phone: p.phone, message: p.message, ...consent },
      }
    : {
        fn: "process-simple-lead",
        body: { ...bodies.booking(), fullName: name, email: p.email, phone: p.phone, ...consent },
      }
}

const leaks = (lines: readonly string[], p: Person) =>
  lines.filter((line) =>
    [p.name, p.email, p.phone, p.message, p.phone.replace(/\D/g, "")].some((value) =>
      line.toLowerCase().includes(value.toLowerCase()),
    ),
  )

test("whatever fails on our side, with the lead inside the error, no console line carries the lead; the failure is still logged", async () => {
  const seen = new Set<string>()
  await fc.assert(
    fc.asyncProperty(person, fc.constantFrom(...FAULTS), fc.constantFrom(...FORMS), async (p, fault, form) => {
      const app = createApp({
        db: faultyDb(db, fault, p),
        config: testConfig({ RATE_LIMIT_MAX: "0" }),
        wakeOutbox:
          fault === "the wake fails"
            ? () => {
                throw errorHolding(p)
              }
            : undefined,
      })
      const { fn, body } = request(form, p, fault)
      const { result: status, lines } = await consoleDuring(async () => (await post(app, fn, body)).status)
      expect(leaks(lines, p)).toEqual([])
      if (status === 500 || fault === "the wake fails") {
        // Logged all the same: where, and the error's class (and code when it has one).
        expect(lines.some((line) => /^\[(functions|outbox)\] .+: \w+/.test(line))).toBe(true)
        seen.add(fault)
      }
    }),
    { numRuns: 60 },
  )
  // The faults meant to fail on our side did fail there (the year-0000 consent is helper B's to store).
  for (const fault of FAULTS.filter((f) => f !== "year 0000 consent"))
    expect({ fault, seen: seen.has(fault) }).toEqual({ fault, seen: true })
})

test("a Postgres refusal is logged as its class and SQLSTATE, with the frames of our code", async () => {
  const p: Person = { name: "Quinn Refuse-me", email: "quinn.lead@example.com", phone: "914-555-0188", message: "Ants" }
  const app = createApp({ db, config: testConfig({ RATE_LIMIT_MAX: "0" }) })
  const { fn, body } = request("contact", p, "postgres refuses the row")
  const { result: status, lines } = await consoleDuring(async () => (await post(app, fn, body)).status)
  expect(status).toBe(500)
  expect(leaks(lines, p)).toEqual([])
  expect(lines).toHaveLength(1)
  // pg-protocol's DatabaseError with check_violation; the frames show where in the functions it came from.
  expect(lines[0]).toMatch(/^\[functions\] POST \/functions\/v1\/process-contact failed: \w+ \(code 23514\)\n {4}at /)
})

test("describeError keeps a message's text out even when it imitates a stack frame or hides in a cause, a detail or the parameters", () => {
  const p: Person = { name: "Quinn Lead", email: "q.lead@example.com", phone: "914-555-0123", message: "Mice" }
  const described = describeError(errorHolding(p))
  expect(leaks([described], p)).toEqual([])
  expect(described).toMatch(/^Error \(code 23505\)\n {4}at /)
  expect(described).toContain("caused by Error")
  expect(describeError(`a string with ${p.email}`)).toBe("a thrown string")
  expect(describeError({ name: p.name, code: p.email })).toBe("Error")
})
