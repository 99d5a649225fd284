/**
 * @jest-environment node
 *
 * The local mailbox answers 404 "No such message" for any id that names no
 * message: malformed ones (Postgres would reject them in a uuid column: a 500)
 * and unknown well-formed ones.
 */
import fc from "fast-check"
import { Hono } from "hono"
import type { PGlite } from "@electric-sql/pglite"
import { alertsRoutes, mailboxRoutes } from "../../server/mailbox"
import { freshDb } from "./helpers"

let pg: PGlite
let app: Pick<Hono, "request">
let knownId: string

beforeAll(async () => {
  const fresh = await freshDb()
  pg = fresh.pg
  app = new Hono().route("/_dev/mail", mailboxRoutes(fresh.db))
  const [row] = (
    await pg.query<{ id: string }>(
      `insert into dev_mailbox (to_address, from_address, subject, html, text_body) values ('a@example.com', 'b@example.com', 'Hello', '<p>Hi</p>', 'Hi') returning id`,
    )
  ).rows
  knownId = row!.id
})
afterAll(() => pg.close())

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

async function expectNoSuchMessage(id: string) {
  const response = await app.request(`/_dev/mail/${encodeURIComponent(id)}`)
  expect(response.status).toBe(404)
  expect(response.headers.get("content-type")).toMatch(/^text\/html/)
  expect(await response.text()).toContain("<h1>No such message</h1>")
}

test("a stored message is shown", async () => {
  const response = await app.request(`/_dev/mail/${knownId}`)
  expect(response.status).toBe(200)
  expect(await response.text()).toContain("<h1>Hello</h1>")
})

test("36 characters of hex digits and dashes that are not a UUID: 404, not a database error", async () => {
  const almostUuid = fc
    .string({ unit: fc.constantFrom(...Array.from("0123456789abcdef-")), minLength: 36, maxLength: 36 })
    .filter((id) => !UUID.test(id))
  await fc.assert(fc.asyncProperty(almostUuid, expectNoSuchMessage), { numRuns: 200 })
})

test("any other id: 404", async () => {
  // "." and ".." are path steps, not ids: the URL resolves them before any route sees them.
  const anything = fc
    .string({ unit: "binary", minLength: 1, maxLength: 80 })
    .filter((id) => id !== "." && id !== ".." && id !== knownId)
  await fc.assert(fc.asyncProperty(anything, expectNoSuchMessage), { numRuns: 300 })
})

test("a well-formed UUID no message has: 404", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.uuid().filter((id) => id !== knownId),
      expectNoSuchMessage,
    ),
    { numRuns: 100 },
  )
  await expectNoSuchMessage(knownId.replace(/^./, (c) => (c === "0" ? "1" : "0")))
})

describe("the local alerts page", () => {
  let alerts: Pick<Hono, "request">
  let alertsPg: PGlite | undefined
  afterAll(() => alertsPg?.close())
  beforeAll(async () => {
    const fresh = await freshDb()
    alertsPg = fresh.pg
    alerts = new Hono().route("/_dev/alerts", alertsRoutes(fresh.db))
    await fresh.pg.query(
      `insert into dev_alerts (channel, to_address, body) values
         ('sms', '+19145550111', $1), ('chat', 'team chat', 'second')`,
      ["New lead from <script>alert(1)</script>\nI'm on it: http://localhost:9000/office/acknowledge/#t=v1.abc.def"],
    )
  })

  test("lists SMS and chat alerts, newest first, visitor text escaped and the office's links clickable", async () => {
    const response = await alerts.request("/_dev/alerts")
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).not.toContain("<script>alert(1)")
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;")
    expect(html).toContain(
      '<a href="http://localhost:9000/office/acknowledge/#t=v1.abc.def">http://localhost:9000/office/acknowledge/#t=v1.abc.def</a>',
    )
    expect(html.indexOf("second")).toBeLessThan(html.indexOf("+19145550111"))
  })

  test("no text can smuggle markup into a link (fast-check)", async () => {
    const db = await freshDb()
    const page = new Hono().route("/_dev/alerts", alertsRoutes(db.db))
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (tail) => {
        await db.pg.query(`delete from dev_alerts`)
        await db.pg.query(`insert into dev_alerts (channel, to_address, body) values ('sms', 'x', $1)`, [
          `http://x.example/${tail}`,
        ])
        const html = await (await page.request("/_dev/alerts")).text()
        // The alerts' table (the pipeline checks' follows it).
        const body = html.slice(html.indexOf("<tbody>"), html.indexOf("</tbody>"))
        // Only our own elements: no tag but the table's and the one link.
        const tags = [...body.matchAll(/<([a-z]+)[\s>]/g)].map((m) => m[1])
        expect(new Set(tags)).toEqual(new Set(["tbody", "tr", "td", "pre", "a"]))
      }),
      { numRuns: 100 },
    )
    await db.pg.close()
  })
})
