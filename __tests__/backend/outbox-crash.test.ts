/**
 * @jest-environment node
 *
 * A worker that dies at any point of a delivery leaves every message sent once. The worker "dies" at a
 * chosen point: from there on none of its statements reaches the database and none of its requests
 * leaves (a transaction is one point: a death inside one rolls it back, the same as a death before it).
 * The points: before each statement of a run (so before a try is recorded, between the record and the
 * call, between the provider's answer and the settling), and during each request, before the provider
 * got it or after it took it. Then the backend "restarts": what the dead worker held is taken back
 * (outbox/claim.ts' takeBackAbandoned, as server/backend.ts does at start) and a new worker runs until
 * nothing is due. Each SMS is at Twilio once (looked up before it is sent again), each e-mail sent once
 * (its Idempotency-Key, honoured as Resend does), and a chat post, which nothing can look up, twice at
 * most, only when the webhook had the dead worker's post. kill -9 of a real process: outbox-kill.test.ts.
 */
import type { Db, SqlParam } from "../../supabase/functions/_shared/db"
import { dispatchOutbox } from "../../supabase/functions/_shared/outbox/outbox"
import { takeBackAbandoned } from "../../supabase/functions/_shared/outbox/claim"
import { enqueueJobs } from "../../supabase/functions/_shared/outbox/queue"
import { CONTACTS, TUESDAY_10AM, alertConfig, alertRig, handClock, withAlertDb } from "./alert-rig"
import { fakeEmailApi, fakeServer, fakeTwilio } from "./fake-servers"
import { bodies, post } from "./helpers"

jest.setTimeout(600_000)

const { db, servers } = withAlertDb()

/** Where the worker dies: before its n-th statement, or during its n-th request (before the provider got it, or after). */
type Death = { at: "statement"; n: number } | { at: "request" | "request-taken"; n: number }

const never = () => new Promise<never>(() => undefined)

/** The worker's database and fetch, dying at `death`: counts what it did, and whether the chat had a post when it died. */
function mortal(death: Death | null, onDeath: () => void) {
  let statements = 0
  let requests = 0
  let dead = false
  // Every request that left, answered or not: the dead worker's last ones land (or fail) before the restart.
  const left: Array<Promise<unknown>> = []
  const die = () => {
    if (!dead) onDeath()
    dead = true
  }
  const next = () => {
    if (!dead && death?.at === "statement" && statements === death.n) die()
    statements++
    return !dead
  }
  const workerDb: Db = {
    query: <Row>(text: string, params?: readonly SqlParam[]) => (next() ? db.query<Row>(text, params) : never()),
    transaction: <T>(work: (tx: Db) => Promise<T>) => (next() ? db.transaction(work) : never()),
  }
  const workerFetch: typeof fetch = async (input, init) => {
    if (dead) return never()
    const n = requests++
    if (death?.at === "request" && death.n === n) {
      die()
      return never()
    }
    const answer = fetch(input, init)
    left.push(answer.catch(() => undefined))
    if (death?.at === "request-taken" && death.n === n) {
      // The provider has the request; the worker is gone before its answer.
      await answer.then(
        () => undefined,
        () => undefined,
      )
      die()
      return never()
    }
    return answer
  }
  return {
    workerDb,
    workerFetch,
    counts: () => ({ statements, requests }),
    /** Resolves once every request that left has reached its fake (or failed): a killed process's sockets close. */
    landed: () => Promise.all(left),
  }
}

async function scenario(death: Death | null) {
  const clock = handClock(TUESDAY_10AM)
  const twilio = await fakeTwilio({ clock: clock.read })
  const chat = await fakeServer([200])
  const email = await fakeEmailApi()
  servers.push(twilio, chat, email)
  const config = alertConfig(
    { twilio, chat },
    {
      RESEND_API_KEY: "re_test",
      RESEND_API_URL: email.url,
      ALERT_CONTACTS: JSON.stringify([CONTACTS[0]]),
      ALERT_SMS_PER_HOUR: "1000",
      ALERT_CHAT_PER_HOUR: "1000",
    },
  )
  const { app } = alertRig(db, config, clock)
  // A lead (its SMS, chat and e-mail alerts, queued with it, its notice, the visitor's e-mail) and a visitor's text.
  expect((await post(app, "process-contact", { ...bodies.contact(), name: "Crash Carla" })).status).toBe(200)
  await enqueueJobs(
    db,
    [{ kind: "customer_sms", dedupeKey: "crash:customer_sms", payload: { to: "+19145550177", body: "Thanks, Carla" } }],
    clock.read(),
  )
  let died: () => void = () => undefined
  const death$ = new Promise<void>((resolve) => (died = resolve))
  const worker = mortal(death, () => died())
  // The run that dies is left hanging on a statement or a request that never answers, as a killed process is.
  await Promise.race([
    dispatchOutbox({ db: worker.workerDb, config, clock: clock.read, fetchImpl: worker.workerFetch }),
    death$,
  ])
  // The dead worker's requests reach the fakes before the restart (a killed process's sockets close): a post
  // that left before the death (its lane's, while another lane died) is the webhook's from then on.
  await worker.landed()
  const chatAtDeath = chat.received.length
  await takeBackAbandoned(db)
  for (let round = 0; round < 20; round++) {
    const r = await dispatchOutbox({ db, config, clock: clock.read })
    if (r.sent + r.retried + r.dead + r.notConfigured + r.deferred === 0) break
  }
  return { twilio, chat, email, chatAtDeath, counts: worker.counts() }
}

/** The deliveries (the escalation's next step waits for its deadline). */
const jobStates = () =>
  db.query<{ kind: string; status: string }>(
    `select kind, status from outbox_jobs where not (kind = 'alert_step' and payload ->> 'stage' <> '0') order by kind, dedupe_key`,
  )

test("a run nobody kills: the lead's SMS, chat and e-mails once each (the points the deaths below are chosen from)", async () => {
  const { twilio, chat, email, counts } = await scenario(null)
  expect(twilio.messages.map((m) => m.to).sort()).toEqual([CONTACTS[0]?.sms, "+19145550177"].sort())
  expect(chat.received).toHaveLength(1)
  // The alert to Dana's address, the office's notice, the visitor's confirmation.
  expect(email.sent()).toHaveLength(3)
  expect(new Set((await jobStates()).map((j) => j.status))).toEqual(new Set(["sent"]))
  expect(counts.requests).toBe(6)
  expect(counts.statements).toBeGreaterThan(10)
})

test("killed at every point of a delivery, then restarted: each message is sent once (a chat post twice at most, only when the webhook had the dead worker's)", async () => {
  const { counts } = await scenario(null)
  const deaths: Death[] = [
    ...Array.from({ length: counts.statements }, (_, n): Death => ({ at: "statement", n })),
    ...Array.from({ length: counts.requests }, (_, n): Death => ({ at: "request", n })),
    ...Array.from({ length: counts.requests }, (_, n): Death => ({ at: "request-taken", n })),
  ]
  const outcomes: string[] = []
  for (const death of deaths) {
    await db.query(
      `truncate outbox_jobs, dev_mailbox, dev_alerts, function_calls, rate_limits, spam_attempts, leads, contact_messages, alert_spend, alert_batches cascade`,
    )
    const { twilio, chat, email, chatAtDeath } = await scenario(death)
    const where = `${death.at} ${death.n}`
    const texts = twilio.messages.map((m) => `${m.to} ${m.body.split("\n")[0]}`)
    expect({ where, texts: texts.sort() }).toEqual({
      where,
      texts: [`${CONTACTS[0]?.sms} New contact message from Crash Carla`, "+19145550177 Thanks, Carla"].sort(),
    })
    expect({ where, emails: email.sent().length }).toEqual({ where, emails: 3 })
    // A post the webhook had from the dead worker may be posted once more: the one repeat a webhook allows.
    const posts = chat.received.length
    expect({ where, posts: chatAtDeath > 0 ? Math.min(posts, 1) : posts }).toEqual({ where, posts: 1 })
    expect(posts).toBeLessThanOrEqual(2)
    const states = await jobStates()
    expect({ where, unsent: states.filter((j) => j.status !== "sent") }).toEqual({ where, unsent: [] })
    if (chat.received.length > 1) outcomes.push(where)
    await Promise.all(servers.splice(0).map((s) => s.close()))
  }
  console.log(
    `${deaths.length} deaths, each message once; the chat post repeated after: ${outcomes.join(", ") || "none"}`,
  )
})
