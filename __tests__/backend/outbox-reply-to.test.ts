/** @jest-environment node */
import type { PGlite } from "@electric-sql/pglite"
import fc from "fast-check"
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { isEmailAddress as isWellFormedAddress } from "../../supabase/functions/_shared/kernel/email-address"
import { wellFormed } from "../../supabase/functions/_shared/intake/json-input"
import { headerValue } from "../../supabase/functions/_shared/mail/header"
import { dispatchOutbox } from "../../supabase/functions/_shared/outbox/outbox"
import { enqueueJobs } from "../../supabase/functions/_shared/outbox/queue"
import { bodies, freshDb, MAIL_AND_CRM, officeClosed, post, testConfig, withoutConfirmations } from "./helpers"
import { fakeServer, type FakeServer } from "./fake-servers"
import { textContaining } from "./matchers"

jest.setTimeout(120_000)

let pg: PGlite
let db: Db
let api: FakeServer
/** What the fake e-mail API answers a message that has a reply_to (one without is always accepted). */
let replyToStatus = 200

beforeAll(async () => {
  ;({ pg, db } = await freshDb())
  api = await fakeServer((request) =>
    (JSON.parse(request.body) as { reply_to?: string }).reply_to === undefined ? 200 : replyToStatus,
  )
})
afterAll(async () => {
  await api.close()
  await pg.close()
})
beforeEach(async () => {
  // The leads go with their jobs: a lead left without its alert jobs would be announced again by the sweep.
  await db.query(`delete from leads`)
  await db.query(`delete from contact_messages`)
  await db.query(`delete from outbox_jobs`)
  await db.query(`delete from dev_mailbox`)
  api.received.length = 0
  replyToStatus = 200
})

const config = () => testConfig({ RESEND_API_KEY: "re_test", RESEND_API_URL: api.url, OUTBOX_MAX_ATTEMPTS: "3" })
/**
 * Leads submitted and the outbox run with the office closed: their alerts wait for opening time, so the
 * fake e-mail API sees only the notice and the e-mails these tests are about.
 */
const clock = officeClosed
const sentBodies = () => api.delivered().map((r) => JSON.parse(r.body) as { reply_to?: string; text: string })

/** Characters no bare address may hold: they break or inject into a header. */
const forbidden = fc.constantFrom(" ", "\t", "\r", "\n", "\0", "<", ">", "(", ")", "[", "]", ",", ";", ":", '"', "\\")
const withForbidden = fc.tuple(fc.emailAddress(), forbidden, fc.nat()).map(([address, char, at]) => {
  const i = at % (address.length + 1)
  return address.slice(0, i) + char + address.slice(i)
})
const anyReplyTo = fc.oneof(
  fc.emailAddress(),
  withForbidden,
  fc.string(),
  fc.constantFrom(
    "",
    "a@b",
    "@example.com",
    "ann@",
    "ann@@example.com",
    "ann@example.c",
    `${"a".repeat(65)}@example.com`,
  ),
)

describe("isWellFormedAddress", () => {
  test("accepts generated addresses", () => {
    fc.assert(fc.property(fc.emailAddress(), (address) => isWellFormedAddress(address)))
  })
  test("refuses any address with a space, a control character or a header delimiter in it", () => {
    fc.assert(fc.property(withForbidden, (address) => !isWellFormedAddress(address)))
  })
  test("refuses no @, an empty side, a dotless domain, and too long", () => {
    for (const bad of [
      "ann",
      "@example.com",
      "ann@",
      "ann@localhost",
      "ann@example.c",
      `${"a".repeat(65)}@example.com`,
      `ann@${"a".repeat(250)}.com`,
    ])
      expect(isWellFormedAddress(bad)).toBe(false)
  })
})

describe("a bad reply_to never costs the company notice", () => {
  test("whatever the reply_to and however the API treats it, the notice is sent once; a dropped reply_to is noted", async () => {
    await fc.assert(
      // As the functions store it: broken code units and NUL already replaced when the body was read (json-input.ts).
      fc.asyncProperty(anyReplyTo.map(wellFormed), fc.constantFrom(200, 400, 422), async (replyTo, status) => {
        await db.query(`delete from outbox_jobs`)
        api.received.length = 0
        replyToStatus = status
        const message = {
          to: "info@westchesterfamilypest.example",
          from: "Site <no-reply@example.com>",
          replyTo,
          subject: "New lead",
          html: "<p>x</p>",
          text: `Email: ${replyTo}`,
        }
        await enqueueJobs(db, [{ kind: "company_email", dedupeKey: `reply-to:${Math.random()}`, payload: message }])
        await dispatchOutbox({ db, config: config() })

        const [job] = await db.query<{ status: string; attempts: number; last_error: string | null }>(
          `select status, attempts, last_error from outbox_jobs`,
        )
        expect(job).toMatchObject({ status: "sent", attempts: 1 })
        expect(api.delivered()).toHaveLength(1)
        // Header values are put on one line before sending (mail/header.ts): that is the address judged.
        const effective = headerValue(replyTo)
        // A malformed address never reaches the API at all.
        if (!isWellFormedAddress(effective))
          expect(api.received.every((r) => !r.body.includes('"reply_to"'))).toBe(true)
        const kept = isWellFormedAddress(effective) && status === 200
        expect(sentBodies()[0]?.reply_to).toBe(kept ? effective : undefined)
        if (kept || effective === "") expect(job?.last_error).toBeNull()
        else expect(job?.last_error).toMatch(/^Sent without reply_to/)
        if (isWellFormedAddress(effective) && status !== 200) expect(job?.last_error).toContain(String(status))
      }),
      { numRuns: 60 },
    )
  })

  test("a contact whose address the API refuses as reply_to: the owner still gets the notice, with the address in its text", async () => {
    replyToStatus = 422
    const contact = { ...bodies.contact(), email: "ann.lee@example.com" }
    expect((await post(createApp({ db, config: config(), clock }), "process-contact", contact)).status).toBe(200)
    await withoutConfirmations(db)
    await dispatchOutbox({ db, config: config(), clock })
    expect(api.received.map((r) => r.status)).toEqual([422, 200])
    // The second try has its own idempotency key: the API refuses a reused key with a different body.
    expect(new Set(api.received.map((r) => r.headers["idempotency-key"])).size).toBe(2)
    expect(sentBodies()[0]?.text).toContain("ann.lee@example.com")
    expect(await db.query(`select status, last_error from outbox_jobs where ${MAIL_AND_CRM}`)).toEqual([
      {
        status: "sent",
        last_error: textContaining("Sent without reply_to after the e-mail API refused it (E-mail API answered 422"),
      },
    ])
  })

  test("an offer callback's notice carries the visitor's address in its text too", async () => {
    replyToStatus = 422
    const callback = { ...bodies.callback(), email: "rita@example.com" }
    expect((await post(createApp({ db, config: config(), clock }), "process-simple-lead", callback)).status).toBe(200)
    await dispatchOutbox({ db, config: config(), clock })
    expect(sentBodies()[0]?.text).toContain("rita@example.com")
    expect(sentBodies()[0]?.reply_to).toBeUndefined()
  })

  test("a refusal that is not about reply_to is dead at once (a 4xx the API will always give), with the second answer as the error", async () => {
    replyToStatus = 422
    const refuseAll = await fakeServer([422])
    try {
      const cfg = testConfig({ RESEND_API_KEY: "re_test", RESEND_API_URL: refuseAll.url, OUTBOX_MAX_ATTEMPTS: "2" })
      await post(createApp({ db, config: cfg, clock }), "process-contact", bodies.contact())
      await withoutConfirmations(db)
      await dispatchOutbox({ db, config: cfg, clock })
      // One try of the notice (with and without reply_to), then one of the office's e-mail about it (no reply_to).
      expect(refuseAll.received).toHaveLength(3)
      expect(
        await db.query(
          `select status, last_error, dedupe_key like 'dead:%' as about_it from outbox_jobs where ${MAIL_AND_CRM} order by about_it`,
        ),
      ).toEqual([
        { status: "dead", last_error: textContaining("E-mail API (without reply_to) answered 422"), about_it: false },
        { status: "dead", last_error: textContaining("E-mail API answered 422"), about_it: true },
      ])
    } finally {
      await refuseAll.close()
    }
  })

  test("the local mailbox keeps no malformed reply_to either", async () => {
    const local = testConfig()
    await enqueueJobs(db, [
      {
        kind: "company_email",
        dedupeKey: "local:1",
        payload: {
          to: "info@example.com",
          from: "site@example.com",
          replyTo: "ann@example.com\r\nBcc: x@example.com",
          subject: "s",
          html: "h",
          text: "t",
        },
      },
    ])
    await dispatchOutbox({ db, config: local })
    expect(await db.query(`select reply_to from dev_mailbox`)).toEqual([{ reply_to: null }])
    expect(await db.query(`select status, last_error from outbox_jobs`)).toEqual([
      { status: "sent", last_error: "Sent without reply_to: it was not a well-formed address" },
    ])
  })
})
