/** @jest-environment node */
/**
 * Twilio's inbound-text webhook (receive-text): refused without Twilio's signature over the function's
 * configured public URL, one stored text per MessageSid whatever the retries, the opt-out and opt-in
 * words recorded on the number's consent history, HELP answered from data in the word's language, and
 * posts no inbound text is answered with a clear 4xx or an empty TwiML 200, never a 500.
 */
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { COMPANY } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { optedOutAt } from "../../supabase/functions/_shared/texts/opt-outs"
import { EMPTY_TWIML } from "../../supabase/functions/_shared/twilio/twiml"
import { alertConfig, TWILIO_TOKEN, type Providers } from "./alert-rig"
import { fakeServer, fakeTwilio } from "./fake-servers"
import { withFreshDb } from "./helpers"
import { CUSTOMER, messageOf, messageSid, postText, TEXT_ENV, TEXT_URL, textParams, WEBHOOK_BASE } from "./text-rig"

let db: Db
let providers: Providers
withFreshDb(async (fresh) => {
  db = fresh
  providers = { twilio: await fakeTwilio(), chat: await fakeServer([200]) }
})
afterAll(async () => {
  await Promise.all([providers.twilio.close(), providers.chat.close()])
})

const AT = new Date("2026-03-03T15:00:00Z")
const appWith = (env: Record<string, string> = {}) =>
  createApp({ db, config: alertConfig(providers, { ...TEXT_ENV, ...env }), clock: () => AT })

const count = async (sql: string, params: string[] = []) =>
  Number((await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]?.n)

const events = (phone: string) =>
  db.query<{ event: string; word: string }>(
    `select event, word from sms_consent_events where phone_e164 = $1 order by at, id`,
    [phone],
  )

describe("the signature", () => {
  test("a text without X-Twilio-Signature, or with a wrong one, is refused with 403 and nothing is stored", async () => {
    const app = appWith()
    const params = textParams("STOP", "+19145550201")
    for (const signature of [null, "not-a-signature", "AAAAAAAAAAAAAAAAAAAAAAAAAAA="]) {
      const response = await postText(app, { token: TWILIO_TOKEN, params, signature })
      expect(response.status).toBe(403)
    }
    const wrongToken = await postText(app, { token: "another-accounts-token", params })
    expect(wrongToken.status).toBe(403)
    expect(await count("inbound_texts where from_e164 = $1", ["+19145550201"])).toBe(0)
    expect(await optedOutAt(db, "+19145550201")).toBeNull()
  })

  test("the URL checked is the configured one: a signature over a forged Host is refused, the real one accepted from any Host", async () => {
    const app = appWith()
    const forged = "https://attacker.example/functions/v1/receive-text"
    const params = textParams("hello", "+19145550202")
    const overForged = await postText(app, { token: TWILIO_TOKEN, params, signedUrl: forged, postedUrl: forged })
    expect(overForged.status).toBe(403)
    const forwarded = await postText(app, {
      token: TWILIO_TOKEN,
      params,
      signedUrl: forged,
      postedUrl: "http://localhost/functions/v1/receive-text",
      headers: { "x-forwarded-host": "attacker.example", "x-forwarded-proto": "https" },
    })
    expect(forwarded.status).toBe(403)
    // Supabase's gateway hands the function another host than the public one: the configured URL is what counts.
    const real = await postText(app, {
      token: TWILIO_TOKEN,
      params,
      postedUrl: "http://edge-runtime.internal/receive-text",
    })
    expect(real.status).toBe(200)
  })

  test("a query on the webhook's URL is part of what is signed", async () => {
    const app = appWith()
    const withQuery = `${TEXT_URL}?campaign=google`
    const params = textParams("hello", "+19145550203")
    const signed = await postText(app, { token: TWILIO_TOKEN, params, signedUrl: withQuery })
    expect(signed.status).toBe(200)
    const changed = await postText(app, {
      token: TWILIO_TOKEN,
      params: { ...params, MessageSid: messageSid() },
      signedUrl: withQuery,
      postedUrl: `${TEXT_URL}?campaign=bing`,
    })
    expect(changed.status).toBe(403)
  })

  test("without a public URL (no TWILIO_WEBHOOK_BASE_URL, no SUPABASE_URL) nothing can be verified: every call is 403", async () => {
    const app = createApp({ db, config: alertConfig(providers), clock: () => AT })
    const response = await postText(app, { token: TWILIO_TOKEN, params: textParams("STOP", "+19145550204") })
    expect(response.status).toBe(403)
  })

  test("SUPABASE_URL gives the public URL when TWILIO_WEBHOOK_BASE_URL is not set", () => {
    const config = alertConfig(providers, { SUPABASE_URL: "https://project-ref.supabase.co" })
    expect(config.texts.webhookBaseUrl).toBe(WEBHOOK_BASE)
  })
})

describe("opt-out and opt-in words", () => {
  test("STOP records the opt-out with its time; Twilio answers it (its default handling), so our answer is empty", async () => {
    const response = await postText(appWith(), { token: TWILIO_TOKEN, params: textParams(" stop. ", "+19145550210") })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/^text\/xml/)
    expect(await response.text()).toBe(EMPTY_TWIML)
    expect(await optedOutAt(db, "+19145550210")).toEqual(AT)
    expect(await events("+19145550210")).toEqual([{ event: "opt_out", word: "STOP" }])
  })

  // Twilio's default opt-out words (its Advanced Opt-Out tutorial): each blocks, and Twilio answers it.
  test.each(["STOPALL", "unsubscribe", "Cancel", "END", "QUIT", "revoke", "OPTOUT"])(
    "%s opts out too, answered by Twilio",
    async (word) => {
      const phone = `+1914555${String(3000 + word.length)}`
      const response = await postText(appWith(), { token: TWILIO_TOKEN, params: textParams(word, phone) })
      expect(await response.text()).toBe(EMPTY_TWIML)
      expect(await optedOutAt(db, phone)).toEqual(AT)
    },
  )

  test.each(["YES", "unstop"])("%s opts back in, answered by Twilio", async (word) => {
    const phone = `+1914555${String(3100 + word.length)}`
    await postText(appWith(), { token: TWILIO_TOKEN, params: textParams("STOP", phone) })
    const later = createApp({
      db,
      config: alertConfig(providers, TEXT_ENV),
      clock: () => new Date(AT.getTime() + 1000),
    })
    const response = await postText(later, { token: TWILIO_TOKEN, params: textParams(word, phone) })
    expect(await response.text()).toBe(EMPTY_TWIML)
    expect(await optedOutAt(db, phone)).toBeNull()
  })

  test("a word Twilio's Advanced Opt-Out handled (OptOutType) is recorded and not answered again, even one not in our list", async () => {
    const spanish = "+19145550340"
    const own = await postText(appWith(), {
      token: TWILIO_TOKEN,
      params: { ...textParams("PARAR", spanish), OptOutType: "STOP" },
    })
    expect(await own.text()).toBe(EMPTY_TWIML)
    expect(await optedOutAt(db, spanish)).toEqual(AT)
    const custom = "+19145550341"
    const added = await postText(appWith(), {
      token: TWILIO_TOKEN,
      params: { ...textParams("Basta", custom), OptOutType: "STOP" },
    })
    expect(await added.text()).toBe(EMPTY_TWIML)
    expect(await events(custom)).toEqual([{ event: "opt_out", word: "BASTA" }])
    expect(await count("inbound_texts where from_e164 = $1 and kind = 'reply'", [custom])).toBe(0)
  })

  test.each(["PARAR", "cancelar", "Detener", "BAJA"])(
    "the Spanish %s opts out and is answered by us, in Spanish (Twilio does not read it)",
    async (word) => {
      const phone = `+1914555${String(4000 + word.length)}`
      const response = await postText(appWith(), { token: TWILIO_TOKEN, params: textParams(word, phone) })
      const answer = messageOf(await response.text())
      expect(answer).toContain(COMPANY.name)
      expect(answer).toMatch(/se ha dado de baja/)
      expect(await optedOutAt(db, phone)).toEqual(AT)
    },
  )

  test("START lifts the opt-out, and the number's history keeps both", async () => {
    const phone = "+19145550220"
    const app = appWith()
    await postText(app, { token: TWILIO_TOKEN, params: textParams("STOP", phone) })
    expect(await optedOutAt(db, phone)).not.toBeNull()
    const later = createApp({
      db,
      config: alertConfig(providers, TEXT_ENV),
      clock: () => new Date(AT.getTime() + 60_000),
    })
    await postText(later, { token: TWILIO_TOKEN, params: textParams("start", phone) })
    expect(await optedOutAt(db, phone)).toBeNull()
    expect(await events(phone)).toEqual([
      { event: "opt_out", word: "STOP" },
      { event: "opt_in", word: "START" },
    ])
  })

  test("a sentence with STOP in it is a reply, not an opt-out", async () => {
    const phone = "+19145550221"
    await postText(appWith(), { token: TWILIO_TOKEN, params: textParams("stop by at 3 please", phone) })
    expect(await optedOutAt(db, phone)).toBeNull()
    expect(await count("inbound_texts where from_e164 = $1 and kind = 'reply'", [phone])).toBe(1)
  })
})

describe("HELP", () => {
  test("AYUDA is answered in Spanish with the company's name and phone, in GSM-7", async () => {
    const response = await postText(appWith(), { token: TWILIO_TOKEN, params: textParams("ayuda", "+19145550230") })
    const answer = messageOf(await response.text())
    expect(answer).toContain(COMPANY.name)
    expect(answer).toContain(COMPANY.phone.display)
    expect(answer).toMatch(/ayuda/)
    expect(answer).toMatch(/^[\x20-\x7e]*$/)
  })

  test("INFO is Twilio's help word too: an empty answer", async () => {
    const response = await postText(appWith(), { token: TWILIO_TOKEN, params: textParams("info", "+19145550232") })
    expect(await response.text()).toBe(EMPTY_TWIML)
    expect(await count("inbound_texts where from_e164 = $1 and kind = 'help'", ["+19145550232"])).toBe(1)
  })

  test("HELP is Twilio's to answer by default; with TEXT_KEYWORD_REPLIES=all we answer it, in English", async () => {
    const quiet = await postText(appWith(), { token: TWILIO_TOKEN, params: textParams("HELP", "+19145550231") })
    expect(await quiet.text()).toBe(EMPTY_TWIML)
    const ours = await postText(appWith({ TEXT_KEYWORD_REPLIES: "all" }), {
      token: TWILIO_TOKEN,
      params: textParams("help", "+19145550231"),
    })
    const answer = messageOf(await ours.text())
    expect(answer).toContain(COMPANY.name)
    expect(answer).toContain(COMPANY.phone.display)
    expect(answer).toMatch(/for help/)
  })
})

describe("retries", () => {
  test("a retry of the same MessageSid answers the same and stores nothing twice", async () => {
    const app = appWith()
    const params = textParams("PARAR", "+19145550240")
    const first = await postText(app, { token: TWILIO_TOKEN, params })
    const again = await postText(app, { token: TWILIO_TOKEN, params })
    expect(again.status).toBe(200)
    expect(await again.text()).toBe(await first.text())
    expect(await count("inbound_texts where message_sid = $1", [params.MessageSid])).toBe(1)
    expect(await events("+19145550240")).toHaveLength(1)
  })

  test("retries at the same moment store one text and one opt-out (the MessageSid's key decides, not a read first)", async () => {
    const app = appWith()
    const params = textParams("STOP", "+19145550241")
    const answers = await Promise.all([1, 2, 3].map(() => postText(app, { token: TWILIO_TOKEN, params })))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    expect(await count("inbound_texts where message_sid = $1", [params.MessageSid])).toBe(1)
    expect(await events("+19145550241")).toHaveLength(1)
  })
})

describe("posts that are no inbound text of ours", () => {
  test.each([
    ["no MessageSid", { MessageSid: null }],
    ["a MessageSid that is not one", { MessageSid: "SM123" }],
    ["no From", { From: null }],
    ["no To", { To: null }],
  ])("%s: a clear 400, nothing stored", async (_name, change) => {
    const params = { ...textParams("STOP", "+19145550250"), ...change }
    const response = await postText(appWith(), { token: TWILIO_TOKEN, params })
    expect(response.status).toBe(400)
    expect(await count("inbound_texts where from_e164 = $1", ["+19145550250"])).toBe(0)
  })

  test("a text to a number that is not ours, or from a sender that is no phone number: an empty 200, nothing stored", async () => {
    const app = appWith()
    const notOurs = await postText(app, {
      token: TWILIO_TOKEN,
      params: { ...textParams("STOP", "+19145550251"), To: "+12125550199" },
    })
    expect(notOurs.status).toBe(200)
    expect(await notOurs.text()).toBe(EMPTY_TWIML)
    const shortCode = await postText(app, { token: TWILIO_TOKEN, params: textParams("STOP", "22395") })
    expect(shortCode.status).toBe(200)
    expect(await count("inbound_texts where from_e164 in ($1, $2)", ["+19145550251", "22395"])).toBe(0)
    expect(await optedOutAt(db, "+19145550251")).toBeNull()
  })

  test("TWILIO_NUMBERS adds numbers texts may come to", async () => {
    const app = appWith({ TWILIO_NUMBERS: "+19145550777, +19145550778" })
    const response = await postText(app, {
      token: TWILIO_TOKEN,
      params: { ...textParams("STOP", "+19145550252"), To: "+19145550778" },
    })
    expect(response.status).toBe(200)
    expect(await optedOutAt(db, "+19145550252")).toEqual(AT)
  })

  test("a JSON body is refused with 415", async () => {
    const response = await appWith().request(TEXT_URL, {
      method: "POST",
      headers: { "content-type": "application/json", "x-twilio-signature": "x" },
      body: JSON.stringify(textParams("STOP")),
    })
    expect(response.status).toBe(415)
  })

  test("a GET is refused with 405", async () => {
    const response = await appWith().request(TEXT_URL)
    expect(response.status).toBe(405)
  })
})

test("a reply is kept on the newest request stored with the sender's number", async () => {
  const phone = CUSTOMER
  await db.query(
    `insert into contact_messages (submission_id, name, email, phone, phone_e164, message, created_at)
     values (gen_random_uuid(), 'Old Message', 'old@example.com', '914-555-0142', $1, 'earlier', $2)`,
    [phone, new Date(AT.getTime() - 86_400_000).toISOString()],
  )
  const [lead] = await db.query<{ id: string }>(
    `insert into leads (submission_id, kind, source, full_name, phone, phone_e164, created_at)
     values (gen_random_uuid(), 'estimate', 'website_estimate', 'Maria Lopez', '(914) 555-0142', $1, $2) returning id`,
    [phone, new Date(AT.getTime() - 3_600_000).toISOString()],
  )
  const params = textParams("Can you come at 3 instead?", phone)
  const response = await postText(appWith(), { token: TWILIO_TOKEN, params })
  expect(await response.text()).toBe(EMPTY_TWIML)
  const [kept] = await db.query<{ lead_id: string | null; body: string; kind: string }>(
    `select lead_id, body, kind from inbound_texts where message_sid = $1`,
    [params.MessageSid],
  )
  expect(kept).toEqual({ lead_id: lead?.id, body: "Can you come at 3 instead?", kind: "reply" })
})
