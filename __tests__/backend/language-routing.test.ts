/**
 * @jest-environment node
 *
 * A visitor who used the site in Spanish is alerted first to the on-call contacts who speak Spanish
 * (ALERT_CONTACTS `languages`), then escalated down the rest of the list in its order; every alert says plainly,
 * in English, that the visitor prefers Spanish. An English request, and any request when nobody on the list
 * speaks Spanish, go down the list as before. Fake Twilio and chat servers, a hand-moved clock.
 */
import type { BackendConfig } from "../../supabase/functions/_shared/config"
import { fill } from "../../supabase/functions/_shared/kernel/escape"
import { LEAD_MESSAGES } from "../../supabase/functions/_shared/kernel/site-data.generated"
import {
  CONTACTS,
  MINUTE,
  TUESDAY_10AM,
  alertConfig,
  alertRig,
  chatTextOf,
  handClock,
  smsOf,
  withAlertDb,
  type Providers,
} from "./alert-rig"
import { bodies, post } from "./helpers"

jest.setTimeout(60_000)

const { db, providers } = withAlertDb()

const [DANA, ELI, FAY] = CONTACTS
/** Fay, last on the list, speaks Spanish (and English); Dana and Eli list no languages: English only. */
const WITH_FAY_SPANISH = CONTACTS.map((contact) =>
  contact === FAY ? { ...contact, languages: ["es", "en"] } : contact,
)

const PREFERS_SPANISH = fill(LEAD_MESSAGES.officeAlerts.prefersLanguage, {
  language: LEAD_MESSAGES.officeAlerts.languageNames.es,
})

/** Sends a contact message in `language` and runs the escalation three steps: the numbers texted, in order. */
async function textedInOrder(p: Providers, contacts: readonly object[], language: string) {
  const config: BackendConfig = alertConfig(p, { ALERT_CONTACTS: JSON.stringify(contacts) })
  const clock = handClock(TUESDAY_10AM)
  const { app, dispatch } = alertRig(db, config, clock)
  const response = await post(app, "process-contact", { ...bodies.contact(), language })
  expect(response.status).toBe(200)
  for (let stage = 0; stage < 3; stage++) {
    clock.set(new Date(TUESDAY_10AM.getTime() + stage * 5 * MINUTE))
    await dispatch()
  }
  return p.twilio.received.map((r) => smsOf(r))
}

test("a Spanish visitor: the Spanish-speaking contact first, then the English-only ones in the list's order", async () => {
  const p = await providers()
  const texts = await textedInOrder(p, WITH_FAY_SPANISH, "es")
  expect(texts.map((sms) => sms.to)).toEqual([FAY?.sms, DANA?.sms, ELI?.sms])
  // Every alert and escalation says so, right under its subject line.
  for (const sms of texts) expect(sms.body.split("\n")[1]).toBe(PREFERS_SPANISH)
  expect(PREFERS_SPANISH).toBe("Prefers Spanish: call back in Spanish")
  // The escalation names who was alerted before, in the order they were.
  expect(texts[2]?.body).toContain("(Dana, Fay alerted)")
  expect(chatTextOf(p.chat.received[0] ?? missing())).toContain(PREFERS_SPANISH)
  const [email] = await db.query<{ text_body: string }>(
    `select m.text_body from dev_mailbox m join outbox_jobs j on j.id = m.job_id where j.kind = 'alert_email'`,
  )
  expect(email?.text_body).toContain(PREFERS_SPANISH)
})

test("an English visitor: the list's own order, and nothing said of a language", async () => {
  const p = await providers()
  const texts = await textedInOrder(p, WITH_FAY_SPANISH, "en")
  expect(texts.map((sms) => sms.to)).toEqual([DANA?.sms, ELI?.sms, FAY?.sms])
  for (const sms of texts) expect(sms.body).not.toContain("Prefers")
})

test("a Spanish visitor when nobody on the list speaks Spanish: the list's own order, the preference still said", async () => {
  const p = await providers()
  const texts = await textedInOrder(p, CONTACTS, "es")
  expect(texts.map((sms) => sms.to)).toEqual([DANA?.sms, ELI?.sms, FAY?.sms])
  expect(texts[0]?.body.split("\n")[1]).toBe(PREFERS_SPANISH)
})

function missing(): never {
  throw new Error("missing")
}
