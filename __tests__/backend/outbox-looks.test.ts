/**
 * @jest-environment node
 *
 * A run in progress looks for due lanes when a request wakes it, but one look at a time: under load every
 * request wakes it, and a look per wake (each a statement on the one PGlite session, queued behind the
 * requests) cut the local backend's capacity from 336 to 65 leads a second (npm run bench:backend).
 */
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { dispatchOutbox } from "../../supabase/functions/_shared/outbox/outbox"
import type { WakeSource } from "../../supabase/functions/_shared/outbox/worker"
import { closedAfterEach, fakeServer } from "./fake-servers"
import { bodies, MAIL_AND_CRM, officeClosed, post, testConfig, withFreshDb, withoutConfirmations } from "./helpers"

jest.setTimeout(60_000)

let db: Db
withFreshDb(
  (fresh) => {
    db = fresh
  },
  { each: true },
)
const servers = closedAfterEach()

/** The database, counting the worker's looks for due lanes. */
function countingLooks(inner: Db, looks: { count: number }): Db {
  return {
    query: (text, params) => {
      if (text.trimStart().startsWith("select l.lane")) looks.count++
      return inner.query(text, params)
    },
    transaction: (work) => inner.transaction((tx) => work(countingLooks(tx, looks))),
  }
}

/** A wake source the test fires by hand, as outbox-wake.ts does for each committed request. */
function manualWakes(): WakeSource & { fire: () => void } {
  const listeners = new Set<() => void>()
  return {
    onWake(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    fire: () => listeners.forEach((listener) => listener()),
  }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

test("Bursts of wakes while the e-mail API is slow cost a few looks, and a message committed meanwhile goes out in the same run", async () => {
  const api = await fakeServer(
    Array.from({ length: 10 }, () => 200),
    800,
  )
  servers.push(api)
  const config = testConfig({ RESEND_API_KEY: "re_test", RESEND_API_URL: api.url })
  const submit = async () => {
    await post(createApp({ db, config, clock: officeClosed }), "process-contact", bodies.contact())
    await withoutConfirmations(db)
  }
  await submit()
  const looks = { count: 0 }
  const wakes = manualWakes()
  const run = dispatchOutbox({ db: countingLooks(db, looks), config, clock: officeClosed }, { wakes })
  await turn()
  // A message arrives while the first e-mail is still being sent, then a burst of wakes.
  await submit()
  // Four bursts of 50, as when many requests commit in one turn of the event loop.
  for (let burst = 0; burst < 4; burst++) {
    for (let i = 0; i < 50; i++) wakes.fire()
    await turn()
  }
  const result = await run

  expect(result.sent).toBe(2)
  expect(api.delivered()).toHaveLength(2)
  const open = await db.query(`select id from outbox_jobs where ${MAIL_AND_CRM} and status <> 'sent'`)
  expect(open).toEqual([])
  // The run's first look and the one after its sweep, then at most a look in flight and one after it per
  // burst: never one per wake (202 before).
  expect(looks.count).toBeGreaterThanOrEqual(3)
  expect(looks.count).toBeLessThanOrEqual(2 + 2 * 4)
})
