/**
 * @jest-environment node
 *
 * Every accepted lead reaches the office through fake Twilio and chat servers on 127.0.0.1,
 * with its content, at the right time (business hours in New York, a hand-moved clock), escalating
 * down the on-call list until someone taps "I'm on it".
 */
import fc from "fast-check"
import type { BackendConfig } from "../../supabase/functions/_shared/config"
import {
  CONTACTS,
  MINUTE,
  SITE_URL,
  TUESDAY_10AM,
  TUESDAY_10PM,
  TWILIO_FROM,
  TWILIO_SID,
  TWILIO_TOKEN,
  WEDNESDAY_OPENING,
  alertConfig,
  alertRig,
  chatTextOf,
  handClock,
  jobsOf,
  linkRequest,
  rateLimitingServer,
  smsOf,
  tokenIn,
  withAlertDb,
  type HandClock,
  type Providers,
} from "./alert-rig"
import { smsSize } from "../../supabase/functions/_shared/kernel/gsm7"
import { fakeServer } from "./fake-servers"
import { bodies, post } from "./helpers"

jest.setTimeout(60_000)

const { db, servers, providers } = withAlertDb()

function rig(p: Providers, start: Date, env: Record<string, string> = {}) {
  const config: BackendConfig = alertConfig(p, env)
  const clock: HandClock = handClock(start)
  return { config, clock, ...alertRig(db, config, clock) }
}

const alertEmails = () =>
  db.query<{ to_address: string; subject: string; text_body: string }>(
    `select m.to_address, m.subject, m.text_body from dev_mailbox m join outbox_jobs j on j.id = m.job_id
     where j.kind = 'alert_email' order by m.created_at`,
  )

/** A request's alerting, by the reference its answer gave (WEB…). */
const leadState = (reference: string) =>
  db
    .query<{ first_alerted_at: Date | null; acknowledged_at: Date | null; acknowledged_by: string | null }>(
      `select first_alerted_at, acknowledged_at, acknowledged_by from leads where reference = $1
       union all select first_alerted_at, acknowledged_at, acknowledged_by from contact_messages where reference = $1`,
      [reference],
    )
    .then((rows) => rows[0])

async function accepted(app: Parameters<typeof post>[0], name: string, body: object): Promise<string> {
  const response = await post(app, name, body)
  expect(response.status).toBe(200)
  return ((await response.json()) as { reference: string }).reference
}

/** Control characters but the line feed, and the Unicode line separators: none may reach a provider. */
const isControl = (c: string) => {
  const code = c.charCodeAt(0)
  return (code < 0x20 && c !== "\n") || code === 0x7f || code === 0x2028 || code === 0x2029
}

describe("an alert for each kind of lead, with its content", () => {
  const kinds = [
    {
      kind: "contact message",
      call: "process-contact",
      body: bodies.contact,
      name: "Ann Lee",
      sms: "+19145550100",
      tel: "<tel:+19145550100|(914) 555-0100>",
      request: "Carpenter ants near the deck.",
      smsRequest: "Carpenter ants near the deck.",
      source: "Contact page",
      answerBy: "Wed, Mar 4, 10:00 AM",
    },
    {
      kind: "estimate request",
      call: "process-simple-lead",
      body: bodies.estimateLead,
      name: "Maria Lopez Garcia",
      sms: "+19145550142",
      tel: "<tel:+19145550142|(914) 555-0142>",
      request: "C•ARE · Ants, Bed Bugs · Scarsdale · Same-day QUICK-KNOCK service",
      // An SMS stays GSM-7: the plan's bullet and our separator are spelt "-".
      smsRequest: "C-ARE - Ants, Bed Bugs - Scarsdale - Same-day QUICK-KNOCK service",
      source: "Estimate wizard",
      answerBy: "Wed, Mar 4, 10:00 AM",
    },
    {
      kind: "$49 Scarsdale booking",
      call: "process-simple-lead",
      body: bodies.booking,
      name: "Tom Hale",
      sms: "+19145550199",
      tel: "<tel:+19145550199|(914) 555-0199>",
      request: "$49 Scarsdale Starter Visit · Scarsdale",
      smsRequest: "$49 Scarsdale Starter Visit - Scarsdale",
      source: "$49 Scarsdale page",
      answerBy: "Wed, Mar 4, 10:00 AM",
    },
    {
      kind: "offer callback request",
      call: "process-simple-lead",
      body: bodies.callback,
      name: "Rita Moss",
      sms: "+19145550111",
      tel: "<tel:+19145550111|(914) 555-0111>",
      request: "Express Pest Fix - $39 · Yonkers · Mice in the garage",
      smsRequest: "Express Pest Fix - $39 - Yonkers - Mice in the garage",
      source: "Offer page callback form (facebook / yonkers39 / mice)",
      // The callback's promise is 10 minutes (data/response-promises.yaml).
      answerBy: "Tue, Mar 3, 10:10 AM",
    },
  ]

  test.each(kinds)(
    "a $kind: Twilio gets one text to the first contact, the chat one post, with who, what, the number, where from and the link",
    async (k) => {
      const p = await providers()
      const { app, dispatch } = rig(p, TUESDAY_10AM)
      const reference = await accepted(app, k.call, k.body())
      await dispatch()

      // Twilio's Programmable Messaging request: POST the account's Messages.json, Basic sid:token, a form.
      expect(p.twilio.received).toHaveLength(1)
      const [request] = p.twilio.received
      if (!request) throw new Error("no request")
      const sms = smsOf(request)
      expect(sms.authorization).toBe(`Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString("base64")}`)
      expect(sms.contentType).toBe("application/x-www-form-urlencoded")
      expect(sms.to).toBe(CONTACTS[0]?.sms)
      expect(sms.from).toBe(TWILIO_FROM)
      expect(sms.body.split("\n")).toEqual([
        `New ${k.kind} from ${k.name}`,
        `Phone: ${k.sms}`,
        // The deadline takes a line of the SMS only for a promise of minutes (the callback's).
        ...(k.kind === "offer callback request" ? [`Answer by: ${k.answerBy}`] : []),
        `Request: ${k.smsRequest}`,
        `Came from: ${k.source}`,
        expect.stringMatching(new RegExp(`^I'm on it: ${SITE_URL}/office/acknowledge/#t=v1\\.[\\w-]+\\.[\\w-]+$`)),
      ])

      expect(p.chat.received).toHaveLength(1)
      const [chatRequest] = p.chat.received
      if (!chatRequest) throw new Error("no chat post")
      expect(chatRequest.headers["content-type"]).toBe("application/json")
      expect(Object.keys(JSON.parse(chatRequest.body) as object)).toEqual(["text"])
      const chat = chatTextOf(chatRequest)
      const escaped = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      expect(chat.split("\n")).toEqual([
        `<@U0DANA> *${escaped(`New ${k.kind} from ${k.name}`)}*`,
        `Phone: ${k.tel}`,
        `Answer by: ${k.answerBy}`,
        `Request: ${escaped(k.request)}`,
        `Came from: ${escaped(k.source)}`,
        expect.stringMatching(new RegExp(`^<${SITE_URL}/office/acknowledge/#t=v1\\.[\\w-]+\\.[\\w-]+\\|I'm on it>$`)),
      ])
      // GSM-7 within the cap: one segment is 153 septets once split, three at most.
      expect(smsSize(sms.body)).toMatchObject({ encoding: "GSM-7" })
      expect(smsSize(sms.body).segments).toBeLessThanOrEqual(3)
      // The same lead's link in both, for the contact alerted.
      expect(tokenIn(chat)).toBe(tokenIn(sms.body))

      const emails = await alertEmails()
      expect(emails).toEqual([
        expect.objectContaining({ to_address: "dana@example.com", subject: `New ${k.kind} from ${k.name}` }),
      ])
      expect(emails[0]?.text_body).toContain(k.request)
      expect(emails[0]?.text_body).toContain(reference)
      expect((await leadState(reference))?.first_alerted_at).toEqual(TUESDAY_10AM)
    },
  )

  test("visitor text cannot mention, link, pass for our link or add lines in the chat post or the SMS (fast-check)", async () => {
    const p = await providers()
    const { app, dispatch } = rig(p, TUESDAY_10AM)
    const hostile = fc
      .array(
        fc.constantFrom(
          "<!channel>",
          "<!here|here>",
          "<http://x|y>",
          "<@U0EVIL>",
          "<tel:+19005550000|call me>",
          "\n",
          "\r\n",
          "\u2028",
          "\u0000",
          "\u001b[31m",
          "\u0007",
          "&lt;",
          ">",
          "|",
          "*bold*",
          "ants",
          " ",
          // A look-alike of our line and link, plain mentions of every platform, links.
          `I'm on it: ${SITE_URL}/office/acknowledge/#t=v1.aaa.bbb`,
          "@channel",
          "@everyone",
          "@here",
          "@all",
          "＠here",
          "[I'm on it](https://evil.example)",
          "www.evil.com",
          "evil.com/x",
        ),
        { minLength: 1, maxLength: 8 },
      )
      .map((parts) => parts.join(""))
    let runs = 0
    await fc.assert(
      fc.asyncProperty(hostile, hostile, async (name, message) => {
        p.twilio.received.length = 0
        p.chat.received.length = 0
        const response = await post(app, "process-contact", {
          ...bodies.contact(),
          name: `Ann ${name}`,
          message: `Hi ${message}`,
        })
        // The contract may refuse some of it: a refused body is no alert, and not what this property is about.
        fc.pre(response.status === 200)
        runs++
        await dispatch()
        const chat = p.chat.received.map(chatTextOf)
        expect(chat).toHaveLength(1)
        const lines = chat[0]?.split("\n") ?? []
        expect(lines).toHaveLength(6)
        // Only our own markup: the contact's mention, the tel link and the "I'm on it" link.
        const markup = chat[0]?.match(/<[^>]*>/g) ?? []
        expect(markup).toEqual([
          "<@U0DANA>",
          "<tel:+19145550100|(914) 555-0100>",
          expect.stringMatching(new RegExp(`^<${SITE_URL}/office/acknowledge/#t=[\\w.-]+\\|I'm on it>$`)),
        ])
        // No plain mention either (Mattermost, Rocket.Chat and Discord act on @word).
        expect(chat[0]?.replace("<@U0DANA>", "")).not.toMatch(/(^|[^\p{L}\p{N}_])@[\p{L}\p{N}_]/u)
        const sms = p.twilio.received.map((r) => smsOf(r).body)
        expect(sms).toHaveLength(1)
        expect(sms[0]?.split("\n")).toHaveLength(5)
        // Exactly one link in each, ours: the visitor's are defanged (hxxps://, example[.]com).
        for (const text of [...chat, ...sms]) {
          expect(text.match(/https?:\/\/[^\s|>]+/g)).toEqual([
            expect.stringMatching(`^${SITE_URL}/office/acknowledge/#t=v1\\.`),
          ])
          expect(text.match(/\bwww\.[a-z]|\bevil\.com/g)).toBeNull()
        }
        for (const text of [...chat, ...sms]) expect(Array.from(text).filter(isControl)).toEqual([])
      }),
      { numRuns: 25 },
    )
    expect(runs).toBeGreaterThan(10)
  })
})

describe("business-hours routing (fixed clocks, New York time)", () => {
  const providerRequests = (p: Providers) => p.twilio.received.length + p.chat.received.length

  test("inside hours the first contact is alerted at once", async () => {
    const p = await providers()
    const { app, dispatch } = rig(p, TUESDAY_10AM)
    await accepted(app, "process-contact", bodies.contact())
    await dispatch()
    expect(p.twilio.received.map((r) => smsOf(r).to)).toEqual([CONTACTS[0]?.sms])
    expect(p.chat.received).toHaveLength(1)
  })

  test("a night of 200 leads: each joins the morning summary as a row of its own, the summary's job is never rewritten, a summary being sent takes no more", async () => {
    const p = await providers()
    const { app, clock } = rig(p, TUESDAY_10PM)
    const summarySize = async () =>
      (
        await db.query<{ size: number; members: number }>(
          `select pg_column_size(j.payload) as size, (select count(*)::int from summary_members m where m.summary_key = j.dedupe_key) as members
           from outbox_jobs j where j.kind = 'morning_summary'`,
        )
      )[0]
    const version = async () =>
      (await db.query<{ xmin: string }>(`select xmin::text as xmin from outbox_jobs where kind = 'morning_summary'`))[0]
        ?.xmin
    const sizes: number[] = []
    const versions = new Set<string | undefined>()
    for (let i = 0; i < 200; i++) {
      clock.set(new Date(TUESDAY_10PM.getTime() + i * MINUTE))
      await accepted(app, "process-contact", { ...bodies.contact(), name: `Night ${i}` })
      if (i % 50 === 0) sizes.push((await summarySize())?.size ?? -1)
      versions.add(await version())
    }
    expect(new Set(sizes).size).toBe(1)
    // Locked, never rewritten: one version of the summary's row all night (each rewrite left a dead one to walk).
    expect(versions.size).toBe(1)
    expect(await summarySize()).toEqual(expect.objectContaining({ members: 200 }))
    // Taken by a worker: a lead that comes in now is not added to the list the worker already read.
    await db.query(`update outbox_jobs set status = 'sending' where kind = 'morning_summary'`)
    await accepted(app, "process-contact", { ...bodies.contact(), name: "Too Late" })
    expect(await summarySize()).toEqual(expect.objectContaining({ members: 200 }))
  })

  test("outside hours nothing until opening, then one morning summary, oldest first, to the first contact", async () => {
    const p = await providers()
    const { app, dispatch, clock } = rig(p, TUESDAY_10PM)
    const names = ["Night One", "Night Two", "Night Three"]
    const references: string[] = []
    for (const [i, name] of names.entries()) {
      clock.set(new Date(TUESDAY_10PM.getTime() + i * 60 * MINUTE))
      references.push(await accepted(app, "process-contact", { ...bodies.contact(), name }))
      await dispatch()
    }
    clock.set(new Date(WEDNESDAY_OPENING.getTime() - 1))
    await dispatch()
    expect(providerRequests(p)).toBe(0)
    expect(await alertEmails()).toEqual([])
    for (const reference of references) expect((await leadState(reference))?.first_alerted_at).toBeNull()

    clock.set(WEDNESDAY_OPENING)
    await dispatch()
    expect(await jobsOf(db, "morning_summary")).toEqual([expect.objectContaining({ status: "sent" })])
    expect(p.twilio.received.map((r) => smsOf(r).to)).toEqual([CONTACTS[0]?.sms])
    const sms = smsOf(p.twilio.received[0] ?? missing()).body
    expect(sms.split("\n")[0]).toBe("3 request(s) came in while the office was closed")
    // One link for all three, at the end, within the SMS's cap.
    expect(sms.split("\n").at(-1)).toMatch(
      new RegExp(`^I'm on all 3: ${SITE_URL}/office/acknowledge/#t=v1\\.[\\w-]+\\.[\\w-]+$`),
    )
    expect(smsSize(sms)).toMatchObject({ encoding: "GSM-7" })
    expect(smsSize(sms).segments).toBeLessThanOrEqual(3)
    const order = names.map((name) => sms.indexOf(name))
    expect(order.every((at, i) => at > 0 && (i === 0 || at > (order[i - 1] ?? 0)))).toBe(true)
    const chat = p.chat.received.map(chatTextOf)
    expect(chat).toHaveLength(1)
    expect(chat[0]).toMatch(/^<@U0DANA> \*3 request\(s\)/)
    expect(
      chat[0]
        ?.split("\n")
        .slice(2)
        .map((line) => line.slice(0, 14)),
    ).toEqual(["1. Night One <", "2. Night Two <", "3. Night Three", `<${SITE_URL.slice(0, 13)}`])
    expect(chat[0]?.split("\n").at(-1)).toMatch(/\|I'm on all 3>$/)
    expect((await alertEmails()).map((e) => e.to_address)).toEqual(["dana@example.com"])
    for (const reference of references)
      expect((await leadState(reference))?.first_alerted_at).toEqual(WEDNESDAY_OPENING)
  })

  test("an after-hours contact is alerted at once at night; the others wait for opening", async () => {
    const p = await providers()
    const withNight = CONTACTS.map((c) => ({ ...c, afterHours: c.name === "Fay" }))
    const { app, dispatch } = rig(p, TUESDAY_10PM, { ALERT_CONTACTS: JSON.stringify(withNight) })
    await accepted(app, "process-contact", bodies.contact())
    await dispatch()
    expect(p.twilio.received.map((r) => smsOf(r).to)).toEqual([CONTACTS[2]?.sms])
    // Fay has no chat mention: the post names her.
    expect(p.chat.received.map(chatTextOf)[0]).toMatch(/^Fay \*New contact message/)
  })

  test.each([
    ["spring forward (2026-03-08)", "2026-03-08T03:00:00Z", "2026-03-08T13:00:00Z"],
    ["fall back (2026-11-01)", "2026-11-01T02:00:00Z", "2026-11-01T14:00:00Z"],
  ])(
    "a lead on the Saturday night before the %s is summarised at Sunday 09:00 New York time",
    async (_change, saturdayNight, sundayNine) => {
      const p = await providers()
      const { app, dispatch, clock } = rig(p, new Date(saturdayNight))
      await accepted(app, "process-contact", bodies.contact())
      const [summary] = await jobsOf(db, "morning_summary")
      expect(summary?.next_attempt_at).toEqual(new Date(sundayNine))
      clock.set(new Date(new Date(sundayNine).getTime() - 1))
      await dispatch()
      expect(providerRequests(p)).toBe(0)
      clock.set(new Date(sundayNine))
      await dispatch()
      expect(p.twilio.received.map((r) => smsOf(r).body.split("\n")[0])).toEqual([
        "1 request(s) came in while the office was closed",
      ])
    },
  )
})

describe("holidays (data/site.yaml's closedDates): Thanksgiving 2026 is after hours all day", () => {
  // Thursday November 26 2026, 10am New York (UTC-5): inside the weekday's hours, but the office is closed.
  const THANKSGIVING_10AM = new Date("2026-11-26T15:00:00Z")
  // The next real opening: Friday 8am, not Thanksgiving's own 8am.
  const FRIDAY_OPENING = new Date("2026-11-27T13:00:00Z")
  const withNight = CONTACTS.map((c) => ({ ...c, afterHours: c.name === "Fay" }))
  const providerRequests = (p: Providers) => p.twilio.received.length + p.chat.received.length

  test("a lead at 10am goes to the after-hours contact only; the morning summary lands Friday at 8am", async () => {
    const p = await providers()
    const { app, dispatch, clock } = rig(p, THANKSGIVING_10AM, { ALERT_CONTACTS: JSON.stringify(withNight) })
    const reference = await accepted(app, "process-contact", { ...bodies.contact(), name: "Holiday Caller" })
    await dispatch()
    expect(p.twilio.received.map((r) => smsOf(r).to)).toEqual([CONTACTS[2]?.sms])
    expect(await jobsOf(db, "morning_summary")).toEqual([
      expect.objectContaining({ status: "pending", next_attempt_at: FRIDAY_OPENING }),
    ])

    // All day only Fay (her after-hours escalation repeats to her alone); the others wait for Friday.
    clock.set(new Date(FRIDAY_OPENING.getTime() - 1))
    await dispatch()
    const holidayTexts = p.twilio.received.length
    expect(new Set(p.twilio.received.map((r) => smsOf(r).to))).toEqual(new Set([CONTACTS[2]?.sms]))
    clock.set(FRIDAY_OPENING)
    await dispatch()
    expect(await jobsOf(db, "morning_summary")).toEqual([expect.objectContaining({ status: "sent" })])
    const summary = p.twilio.received.slice(holidayTexts).map((r) => smsOf(r))
    expect(summary.map((sms) => sms.to)).toEqual([CONTACTS[0]?.sms])
    expect(summary[0]?.body.split("\n")[0]).toBe("1 request(s) came in while the office was closed")
    expect(summary[0]?.body).toContain("Holiday Caller")
    expect((await leadState(reference))?.first_alerted_at).toEqual(THANKSGIVING_10AM)
  })

  test("without an after-hours contact nobody is texted on the holiday; the first contact hears at Friday's opening", async () => {
    const p = await providers()
    const { app, dispatch, clock } = rig(p, THANKSGIVING_10AM)
    const reference = await accepted(app, "process-contact", bodies.contact())
    clock.set(new Date("2026-11-26T22:00:00Z"))
    await dispatch()
    expect(providerRequests(p)).toBe(0)
    expect((await leadState(reference))?.first_alerted_at).toBeNull()
    clock.set(FRIDAY_OPENING)
    await dispatch()
    expect(p.twilio.received.map((r) => smsOf(r).to)).toEqual([CONTACTS[0]?.sms])
    expect((await leadState(reference))?.first_alerted_at).toEqual(FRIDAY_OPENING)
  })

  test("the spam digest filed on the eve is due at Friday's opening, not Thanksgiving's", async () => {
    const p = await providers()
    const { app } = rig(p, new Date("2026-11-25T23:30:00Z"))
    await accepted(app, "process-contact", { ...bodies.contact(), website: "http://cheap-pills.example" })
    expect(await jobsOf(db, "spam_digest")).toEqual([
      expect.objectContaining({ status: "pending", next_attempt_at: FRIDAY_OPENING }),
    ])
  })
})

describe("escalation down the on-call list", () => {
  test("not acknowledged within 5 minutes: the second contact, then the third; it stops once acknowledged", async () => {
    const p = await providers()
    const { app, dispatch, clock } = rig(p, TUESDAY_10AM)
    const reference = await accepted(app, "process-contact", bodies.contact())
    const textsTo = () => p.twilio.received.map((r) => smsOf(r).to)

    await dispatch()
    expect(textsTo()).toEqual([CONTACTS[0]?.sms])
    expect(await leadState(reference)).toEqual({
      first_alerted_at: TUESDAY_10AM,
      acknowledged_at: null,
      acknowledged_by: null,
    })

    // Each step fires in the first run after its deadline, not before.
    for (const [stage, contact] of [
      [1, CONTACTS[1]],
      [2, CONTACTS[2]],
    ] as const) {
      const deadline = TUESDAY_10AM.getTime() + stage * 5 * MINUTE
      clock.set(new Date(deadline - 1))
      await dispatch()
      expect(textsTo()).toHaveLength(stage)
      clock.set(new Date(deadline))
      await dispatch()
      expect(textsTo()).toHaveLength(stage + 1)
      expect(textsTo()[stage]).toBe(contact?.sms)
    }
    const escalated = smsOf(p.twilio.received[2] ?? missing()).body
    expect(escalated.split("\n").slice(0, 2)).toEqual([
      "Still waiting: contact message from Ann Lee",
      `Nobody has tapped "I'm on it" yet (Eli, Dana alerted). Please call back now.`,
    ])
    // The first alert still stands: the first time is kept.
    expect((await leadState(reference))?.first_alerted_at).toEqual(TUESDAY_10AM)

    // Fay taps "I'm on it" from her text.
    clock.advance(MINUTE)
    const ackAt = clock.read()
    const answer = await linkRequest(app, "acknowledge-lead", tokenIn(escalated), true)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ success: true, state: "acknowledged", acknowledgedBy: "Fay" })
    expect(await leadState(reference)).toEqual({
      first_alerted_at: TUESDAY_10AM,
      acknowledged_at: ackAt,
      acknowledged_by: "Fay",
    })

    // The next step comes due and stops, and nothing more is sent, however long one waits.
    for (const minutes of [15, 60, 24 * 60]) {
      clock.set(new Date(TUESDAY_10AM.getTime() + minutes * MINUTE))
      await dispatch()
    }
    expect(textsTo()).toHaveLength(3)
    expect(p.chat.received).toHaveLength(3)
    // The first alert was queued with the message; its three steps after it ran, the last one to stop.
    const steps = await jobsOf(db, "alert_step")
    expect(steps.map((s) => s.status)).toEqual(["sent", "sent", "sent"])
    expect(steps.at(-1)?.last_error).toMatch(/^Acknowledged by Fay .*escalation stopped$/)
  })

  test("unacknowledged, it goes round the list the configured number of times, then the owner is told it was missed, once", async () => {
    const p = await providers()
    const { app, dispatch, clock } = rig(p, TUESDAY_10AM, { ALERT_ESCALATION_ROUNDS: "2", ALERT_OWNER: "Eli" })
    const reference = await accepted(app, "process-contact", bodies.contact())
    for (let stage = 0; stage < 10; stage++) {
      clock.set(new Date(TUESDAY_10AM.getTime() + stage * 5 * MINUTE))
      await dispatch()
    }
    const owner = CONTACTS[1]
    // Two rounds of the list, then one "missed" text to the owner (ALERT_OWNER), and nothing more; the names
    // alerted are the SMS's to shorten, never the deadline or the link.
    expect(p.twilio.received.map((r) => smsOf(r).to)).toEqual([...CONTACTS, ...CONTACTS, owner].map((c) => c?.sms))
    const last = p.twilio.received.at(-1)
    if (!last) throw new Error("no SMS")
    const missed = smsOf(last).body.split("\n")
    expect(missed[0]).toBe("Missed: nobody took the contact message from Ann Lee")
    expect(missed[1]).toMatch(
      /^Nobody tapped "I'm on it" after 6 alerts \(Dana, [^)]*\)\. Promised: an answer within 24 hours, by Wed, Mar 4, 10:00 AM\. Call back now\.$/,
    )
    expect(missed.at(-1)).toMatch(new RegExp(`^I'm on it: ${SITE_URL}/office/acknowledge/#t=v1\\.`))
    expect((await jobsOf(db, "alert_step")).at(-1)?.last_error).toMatch(/escalation ended; the owner \(Eli\) was told$/)
    const [state] = await db.query<{ missed_at: Date | null }>(
      `select missed_at from contact_messages where reference = $1`,
      [reference],
    )
    expect(state?.missed_at).toEqual(new Date(TUESDAY_10AM.getTime() + 30 * MINUTE))
  })
})

describe("provider outages", () => {
  test("Twilio and the chat answering 500 several times, then 200: exactly one message per job, none lost", async () => {
    const p = await providers([500, 500, 500, 503, 500, 200], [500, 502, 500, 200])
    const { app, dispatch } = rig(p, TUESDAY_10AM)
    const names = ["Out One", "Out Two", "Out Three"]
    for (const name of names) await accepted(app, "process-contact", { ...bodies.contact(), name })
    // The backoff is 0 in tests: one run retries until each is through.
    await dispatch()
    const smsNames = p.twilio.delivered().map((r) => smsOf(r).body.split("\n")[0])
    expect(smsNames.sort()).toEqual(names.map((n) => `New contact message from ${n}`).sort())
    const chatNames = p.chat.delivered().map((r) => chatTextOf(r).split("\n")[0])
    expect(chatNames.sort()).toEqual(names.map((n) => `<@U0DANA> *New contact message from ${n}*`).sort())
    const deliveries = [...(await jobsOf(db, "alert_sms")), ...(await jobsOf(db, "alert_chat"))]
    expect(deliveries.map((j) => j.status)).toEqual(Array(6).fill("sent"))
    expect(deliveries.some((j) => j.attempts > 1)).toBe(true)
  })

  test("a 400 from Twilio (a number it will never text) is dead at once with Twilio's words; the chat and e-mail still go", async () => {
    const p = await providers([400])
    const { app, dispatch } = rig(p, TUESDAY_10AM)
    await accepted(app, "process-contact", bodies.contact())
    await dispatch()
    await dispatch()
    expect(p.twilio.received).toHaveLength(1)
    const [dead, ...others] = await jobsOf(db, "alert_sms")
    expect(others).toEqual([])
    expect(dead).toMatchObject({ status: "dead", attempts: 1 })
    expect(dead?.last_error).toMatch(/^Twilio answered 400: /)
    expect(p.chat.delivered()).toHaveLength(1)
    expect(await alertEmails()).toHaveLength(1)
    // The office is e-mailed what could not be texted, with Twilio's words and the alert itself.
    const [notice] = await db.query<{ to_address: string; subject: string; text_body: string }>(
      `select m.to_address, m.subject, m.text_body from dev_mailbox m join outbox_jobs j on j.id = m.job_id
       where j.dedupe_key like 'dead:%'`,
    )
    expect(notice).toMatchObject({ to_address: "info@westchesterfamilypest.example" })
    expect(notice!.subject).toMatch(/^Not delivered after 1 try: SMS alert to \+1/)
    expect(notice!.text_body).toContain("Twilio answered 400")
    expect(notice!.text_body).toContain("I'm on it: ")
  })

  test("a 429 from Twilio waits for Retry-After (the try not counted), then goes once", async () => {
    const twilio = await rateLimitingServer([429, 200], 30)
    const chat = await fakeServer([200])
    servers.push(twilio, chat)
    const { app, dispatch, clock } = rig({ twilio, chat }, TUESDAY_10AM)
    await accepted(app, "process-contact", bodies.contact())
    // Runs with no time left end after one batch rather than sleeping through the wait: the step, then its deliveries.
    await dispatch({ budgetMs: 0 })
    await dispatch({ budgetMs: 0 })
    expect(twilio.received).toHaveLength(1)
    const [waiting, ...others] = await jobsOf(db, "alert_sms")
    expect(others).toEqual([])
    expect(waiting).toMatchObject({
      status: "pending",
      attempts: 0,
      next_attempt_at: new Date(TUESDAY_10AM.getTime() + 30_000),
    })
    expect(waiting?.last_error).toMatch(/^Twilio answered 429/)
    clock.advance(30_000 - 1)
    await dispatch({ budgetMs: 0 })
    expect(twilio.received).toHaveLength(1)
    clock.advance(1)
    await dispatch({ budgetMs: 0 })
    expect(twilio.received.map((r) => r.status)).toEqual([429, 200])
    expect(await jobsOf(db, "alert_sms")).toEqual([expect.objectContaining({ status: "sent", attempts: 1 })])
  })
})

function missing(): never {
  throw new Error("missing")
}
