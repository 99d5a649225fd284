/**
 * @jest-environment node
 *
 * Spam review under Deno, as deployed: process-contact keeps one address's flood within its daily
 * budget (the rest counted), dispatch-outbox's digest that dies at the e-mail API marks nothing, the
 * next one lists the same records again and marks them when it is delivered, and release-spam still
 * sends a listed record through as a lead. The functions read the real clock; the test makes the
 * digest due by moving its job's time.
 */
import { WireServer } from "../../server/wire-server"
import type { PGlite } from "@electric-sql/pglite"
import { SITE_URL } from "./alert-rig"
import { fakeServer, type FakeServer } from "./fake-servers"
import { ANON_KEY, bodies, freshDb, postJson } from "./helpers"
import { serveUnderDeno, stopDenoFunctions } from "./deno-server"
import { SPAM_KEEP } from "../../supabase/functions/_shared/spam/spam-store"

jest.setTimeout(300_000)

let pg: PGlite
let wire: WireServer
let databaseUrl: string
let mail: FakeServer
const api = { up: false }

beforeAll(async () => {
  ;({ pg } = await freshDb())
  wire = new WireServer({ db: pg, port: 0, host: "127.0.0.1", maxConnections: 10 })
  await wire.start()
  databaseUrl = `postgres://postgres:postgres@${wire.getServerConn()}/postgres`
  mail = await fakeServer(() => (api.up ? 200 : 503))
})
afterAll(async () => {
  stopDenoFunctions()
  await mail.close()
  await wire.stop()
  await pg.close()
})

const env = () => ({
  RESEND_API_KEY: "re_test",
  RESEND_API_URL: mail.url,
  SITE_URL,
  OUTBOX_BACKOFF_BASE_MS: "0",
})

const digestsSent = () =>
  mail.received
    .map((r) => ({ status: r.status, ...(JSON.parse(r.body) as { subject: string; text: string }) }))
    .filter((m) => m.subject.includes("filed as spam"))

const dueNow = () =>
  pg.query(`update outbox_jobs set next_attempt_at = now() where kind = 'spam_digest' and status = 'pending'`)
/** Tomorrow's digest, due now (the first one, run early, left the next opening's job to itself). */
const nextDigestDueNow = () =>
  pg.query(
    `insert into outbox_jobs (kind, dedupe_key, payload, next_attempt_at) values ('spam_digest', 'spam-digest:next', '{}', now())`,
  )

const unshown = async () =>
  (await pg.query<{ n: number }>(`select count(*)::int as n from spam_attempts where digested_at is null`)).rows[0]?.n

test("under Deno: a flood kept within budget, a dead digest listed again, marked on delivery, and 'Not spam' still releases", async () => {
  const contact = await serveUnderDeno("process-contact", databaseUrl, env())
  const flooder = { apikey: ANON_KEY, "x-forwarded-for": "203.0.113.7" }
  for (let i = 0; i < SPAM_KEEP.records + 2; i++) {
    const bot = await postJson(
      `${contact}/process-contact`,
      { ...bodies.contact(), name: `Bot ${i}`, website: "http://spam.example" },
      flooder,
    )
    expect(bot.status).toBe(200)
  }
  const neighbour = { ...bodies.contact(), name: "Nell Ng", formFillMs: 400 }
  expect((await postJson(`${contact}/process-contact`, neighbour, flooder)).status).toBe(200)
  const lone = { ...bodies.contact(), name: "Lou Lone", website: "x" }
  expect(
    (await postJson(`${contact}/process-contact`, lone, { apikey: ANON_KEY, "x-forwarded-for": "198.51.100.9" }))
      .status,
  ).toBe(200)
  expect((await pg.query(`select reason, count(*)::int as n from spam_attempts group by 1 order by 1`)).rows).toEqual([
    { reason: "honeypot", n: SPAM_KEEP.records + 1 },
    { reason: "too_fast", n: 1 },
  ])
  expect((await pg.query(`select sum(counted)::int as counted from spam_daily_counts`)).rows).toEqual([{ counted: 2 }])

  const dispatcher = await serveUnderDeno("dispatch-outbox", databaseUrl, env())
  const dispatch = () => postJson(`${dispatcher}/dispatch-outbox`, {}, { authorization: "Bearer dispatch-secret" })

  await dueNow()
  expect((await dispatch()).status).toBe(200)
  const failed = digestsSent()
  expect(failed.length).toBeGreaterThan(0)
  expect(failed.every((m) => m.status === 503)).toBe(true)
  expect(await unshown()).toBe(SPAM_KEEP.records + 2)

  api.up = true
  await nextDigestDueNow()
  expect((await dispatch()).status).toBe(200)
  const [delivered, ...others] = digestsSent().filter((m) => m.status === 200)
  expect(others).toEqual([])
  expect(delivered?.subject).toBe("14 submission(s) filed as spam: check for real customers")
  expect(delivered?.text).toContain("12 from one address")
  for (const name of ["Nell Ng", "Lou Lone"]) expect(delivered?.text).toContain(`Not spam: ${name}: `)
  expect(await unshown()).toBe(0)
  expect((await pg.query(`select 1 from spam_daily_counts where counted > shown_counted`)).rows).toEqual([])

  const release = await serveUnderDeno("release-spam", databaseUrl, env())
  const token = new RegExp(`Not spam: Nell Ng: \\S+/office/release/#t=([\\w.-]+)`).exec(delivered?.text ?? "")?.[1]
  const released = await postJson(`${release}/release-spam`, { token, confirm: true })
  expect(await released.json()).toMatchObject({ state: "released" })
  expect((await pg.query(`select name from contact_messages`)).rows).toEqual([{ name: "Nell Ng" }])
})
