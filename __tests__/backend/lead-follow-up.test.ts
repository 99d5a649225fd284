/**
 * @jest-environment node
 *
 * Every lead followed to its outcome: each form's promise (data/response-promises.yaml) in the
 * visitor's confirmation, the office's notice and the escalation's pace; one reference from the answer to
 * every message; a confirmation for every form (e-mail, SMS only with the opt-in); who took it and what came
 * of it, recorded and changed from the "I'm on it" link and forwarded to the CRM; a released spam record
 * says how long the visitor waited.
 */
import { randomUUID } from "node:crypto"
import { LEAD_CONSENT, RESPONSE_PROMISES } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { officeWhen } from "../../supabase/functions/_shared/alerts/office-hours"
import { releaseUrl } from "../../supabase/functions/_shared/office-links/signed-link"
import { fakeServer } from "./fake-servers"
import {
  CONTACTS,
  MINUTE,
  TUESDAY_10AM,
  alertConfig,
  alertRig,
  chatTextOf,
  handClock,
  linkRequest,
  smsOf,
  tokenIn,
  withAlertDb,
} from "./alert-rig"
import { bodies, post } from "./helpers"

jest.setTimeout(60_000)

const { db, providers, servers } = withAlertDb()

const AGREED_AT = "2026-03-03T14:59:00.000Z"
const WITH_SMS = {
  consent: { version: LEAD_CONSENT.current, at: AGREED_AT, sms: { version: LEAD_CONSENT.sms.current, at: AGREED_AT } },
}
const WITHOUT_SMS = { consent: { version: LEAD_CONSENT.current, at: AGREED_AT } }

/** The rig with fake Twilio and chat (alerts and the visitors' texts), a fake CRM, e-mail in the local mailbox. */
async function rig(env: Record<string, string> = {}) {
  const p = await providers()
  const crm = await fakeServer([200])
  servers.push(crm)
  const config = alertConfig(p, { CRM_WEBHOOK_URL: `${crm.url}/leads`, CRM_WEBHOOK_SECRET: "crm-secret", ...env })
  const clock = handClock(TUESDAY_10AM)
  return { ...p, crm, config, clock, ...alertRig(db, config, clock) }
}

const mailbox = () =>
  db.query<{ to_address: string; subject: string; text_body: string }>(
    `select to_address, subject, text_body from dev_mailbox order by created_at, subject`,
  )

const answerOf = async (response: Response) => {
  expect(response.status).toBe(200)
  return (await response.json()) as { reference: string; message: string }
}

type Call = readonly [name: string, body: object]

/** The four forms, each as its browser sends it: one body per call (the wizard's three share a submission). */
const FORMS = [
  {
    kind: "contact",
    calls: (): Call[] => [["process-contact", bodies.contact()]],
    to: "ann@example.com",
    phone: "+19145550100",
    name: "Ann",
  },
  {
    kind: "estimate",
    calls: (): Call[] => {
      const lead = bodies.estimateLead()
      const request = { ...bodies.estimateRequest(), submissionId: lead.submissionId }
      return [
        ["process-simple-lead", lead],
        ["process-estimate", request],
        ["send-estimate-confirmation", request],
      ]
    },
    to: "maria@example.com",
    phone: "+19145550142",
    name: "Maria",
  },
  {
    kind: "booking",
    calls: (): Call[] => [["process-simple-lead", bodies.booking()]],
    to: "tom@example.com",
    phone: "+19145550199",
    name: "Tom",
  },
  {
    kind: "callback",
    calls: (): Call[] => [["process-simple-lead", { ...bodies.callback(), email: "rita@example.com" }]],
    to: "rita@example.com",
    phone: "+19145550111",
    name: "Rita",
  },
] as const

describe("a confirmation for every form, with its reference and its promise", () => {
  test.each(FORMS)(
    "$kind: one e-mail to the visitor, one SMS only with the opt-in, the office's notice with the same reference",
    async (form) => {
      const r = await rig()
      const reference = `WEB${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`
      const answers: string[] = []
      for (const [name, body] of form.calls())
        answers.push((await answerOf(await post(r.app, name, { ...body, ...WITH_SMS, reference }))).reference)
      // Every call answers with the reference the browser showed.
      expect(new Set(answers)).toEqual(new Set([reference]))
      await r.dispatch()
      const mail = await mailbox()
      const promise = RESPONSE_PROMISES[form.kind].text
      const confirmation = mail.filter((m) => m.to_address === form.to)
      expect(confirmation).toHaveLength(1)
      expect(confirmation[0]?.text_body).toContain(`Your reference is ${reference}`)
      expect(confirmation[0]?.text_body).toContain(`We'll answer: ${promise}`)
      // The office's notice: the same reference, and what the visitor was promised with its deadline.
      const notice = mail.find(
        (m) => m.to_address === "info@westchesterfamilypest.example" && m.subject.startsWith("New "),
      )
      expect(notice?.text_body).toContain(`Reference: ${reference}`)
      const deadline = new Date(TUESDAY_10AM.getTime() + RESPONSE_PROMISES[form.kind].minutes * MINUTE)
      expect(notice?.text_body).toContain(`Promised: ${promise}, by ${officeWhen(deadline)}`)
      expect(notice?.text_body).toContain(`The visitor was promised an answer ${promise}: by ${officeWhen(deadline)}.`)
      // The visitor's text: to their own number, with the reference, the promise, STOP and HELP.
      const texts = r.twilio.received.map(smsOf).filter((sms) => sms.to === form.phone)
      expect(texts).toHaveLength(1)
      // A $49 booking's text says what became of its window (none picked here: the price reserved), with its promise.
      if (form.kind === "booking") {
        expect(texts[0]?.body).toContain(`thank you, ${form.name}. Your $49 price is reserved, ref ${reference}.`)
        expect(texts[0]?.body).toContain(`We'll call you ${promise}`)
      } else {
        expect(texts[0]?.body).toContain(`thank you, ${form.name}. We got your request, reference ${reference}.`)
        expect(texts[0]?.body).toContain(`We'll be in touch ${promise}.`)
      }
      expect(texts[0]?.body).toMatch(/Reply STOP to opt out, HELP for help\.$/)
      // The CRM forward (the wizard's) names the same reference.
      if (form.kind === "estimate")
        expect(JSON.parse(r.crm.delivered()[0]?.body ?? "{}")).toMatchObject({ reference, event: "estimate.requested" })
    },
  )

  test.each(FORMS)("$kind: without the SMS opt-in, no text to the visitor", async (form) => {
    const r = await rig()
    for (const [name, body] of form.calls()) await answerOf(await post(r.app, name, { ...body, ...WITHOUT_SMS }))
    await r.dispatch()
    expect(r.twilio.received.map(smsOf).filter((sms) => sms.to === form.phone)).toEqual([])
    expect((await mailbox()).filter((m) => m.to_address === form.to)).toHaveLength(1)
  })

  test("a callback without an e-mail address gets no e-mail; a body without a reference gets one made from its submission, the same for each call", async () => {
    const r = await rig()
    await answerOf(await post(r.app, "process-simple-lead", bodies.callback()))
    const lead = bodies.estimateLead()
    const request = { ...bodies.estimateRequest(), submissionId: lead.submissionId }
    const answers = [
      await answerOf(await post(r.app, "process-simple-lead", lead)),
      await answerOf(await post(r.app, "process-estimate", request)),
    ]
    expect(answers[0]?.reference).toMatch(/^WEB\d{6}$/)
    expect(answers[1]?.reference).toBe(answers[0]?.reference)
    await r.dispatch()
    const office = ["info@westchesterfamilypest.example", ...CONTACTS.map((c) => c.email)]
    expect((await mailbox()).filter((m) => !office.includes(m.to_address))).toEqual([])
  })
})

describe("the promise sets the office's pace", () => {
  test("the callback's 10 minutes: the three contacts are alerted 3 minutes apart; the contact form's 24 hours: 5 minutes apart", async () => {
    const r = await rig()
    await answerOf(await post(r.app, "process-simple-lead", bodies.callback()))
    await answerOf(await post(r.app, "process-contact", bodies.contact()))
    for (let minute = 0; minute <= 12; minute++) {
      r.clock.set(new Date(TUESDAY_10AM.getTime() + minute * MINUTE))
      await r.dispatch()
    }
    // When each contact's alert was queued: the first with the request, each next one by its escalation step.
    const alerts = await db.query<{ kind: string; due: Date }>(
      `select coalesce(l.kind, 'contact') as kind, j.next_attempt_at as due
       from outbox_jobs j left join leads l on l.id = j.lead_id
       where j.kind = 'alert_sms' and j.dedupe_key like 'alert:%:step:%' and j.status = 'sent'
       order by kind, due`,
    )
    const minutesOf = (kind: string) =>
      alerts.filter((s) => s.kind === kind).map((s) => (s.due.getTime() - TUESDAY_10AM.getTime()) / MINUTE)
    expect(minutesOf("callback").slice(0, 4)).toEqual([0, 3, 6, 9])
    expect(minutesOf("contact").slice(0, 3)).toEqual([0, 5, 10])
  })
})

describe("who took it and what came of it", () => {
  async function alertedCallback(env: Record<string, string> = {}) {
    const r = await rig(env)
    const { reference } = await answerOf(await post(r.app, "process-simple-lead", bodies.callback()))
    await r.dispatch()
    const token = tokenIn(smsOf(r.twilio.received[0] ?? { headers: {}, body: "", status: 200 }).body)
    const row = async () =>
      (
        await db.query<{
          acknowledged_by: string | null
          outcome: string | null
          outcome_note: string | null
          outcome_by: string | null
        }>(`select acknowledged_by, outcome, outcome_note, outcome_by from leads where reference = $1`, [reference])
      )[0]
    return { ...r, reference, token, row }
  }

  test("the page offers the on-call names and the outcomes; the tap records the name chosen; the outcome is recorded, changed, and each change forwarded to the CRM once", async () => {
    const r = await alertedCallback()
    const preview = (await (await linkRequest(r.app, "acknowledge-lead", r.token, false)).json()) as {
      names: string[]
      outcomes: Array<{ id: string; label: string }>
      lead: { reference: string }
    }
    expect(preview.names).toEqual(["Dana", "Eli", "Fay", "Office"])
    expect(preview.outcomes.map((o) => o.id)).toEqual([
      "reached",
      "left_message",
      "booked",
      "not_interested",
      "wrong_number",
      "spam",
    ])
    expect(preview.lead.reference).toBe(r.reference)

    // The alert went to Dana; Eli, reading it on the shared phone, says it is his.
    const taken = await linkRequest(r.app, "acknowledge-lead", r.token, true, { by: "Eli" })
    expect(await taken.json()).toMatchObject({ state: "acknowledged", acknowledgedBy: "Eli" })
    r.clock.advance(10 * MINUTE)
    const booked = await linkRequest(r.app, "acknowledge-lead", r.token, true, {
      by: "Eli",
      outcome: "booked",
      note: "Thursday 9-11, side door <b>",
    })
    expect(await booked.json()).toMatchObject({
      state: "outcome_recorded",
      outcome: { value: "booked", label: "Booked a visit", note: "Thursday 9-11, side door <b>", by: "Eli" },
    })
    // The same request again (a double tap, a replay) changes nothing and forwards nothing.
    const again = await linkRequest(r.app, "acknowledge-lead", r.token, true, {
      by: "Eli",
      outcome: "booked",
      note: "Thursday 9-11, side door <b>",
    })
    expect(await again.json()).toMatchObject({ state: "already_acknowledged" })
    r.clock.advance(60 * MINUTE)
    await linkRequest(r.app, "acknowledge-lead", r.token, true, { by: "Dana", outcome: "not_interested" })
    expect(await r.row()).toEqual({
      acknowledged_by: "Eli",
      outcome: "not_interested",
      outcome_note: null,
      outcome_by: "Dana",
    })
    await r.dispatch()
    const events = r.crm
      .delivered()
      .map(
        (d) =>
          JSON.parse(d.body) as {
            event: string
            outcome: string
            by: string
            reference: string
            at: string
            language: string
          },
      )
      .filter((e) => e.event === "lead.outcome")
      .sort((a, b) => a.at.localeCompare(b.at))
    expect(events.map((e) => [e.outcome, e.by, e.reference, e.language])).toEqual([
      ["booked", "Eli", r.reference, "en"],
      ["not_interested", "Dana", r.reference, "en"],
    ])
  })

  test("a name not on the list, another lead's token, an expired or a forged token change nothing", async () => {
    const r = await alertedCallback()
    const stranger = await linkRequest(r.app, "acknowledge-lead", r.token, true, { by: "Mallory", outcome: "spam" })
    expect(stranger.status).toBe(422)
    expect(await stranger.json()).toMatchObject({ fields: { by: "Choose your name from the list." } })
    const refused = await linkRequest(r.app, "acknowledge-lead", `${r.token.slice(0, -2)}xx`, true, { outcome: "spam" })
    expect(refused.status).toBe(400)
    // A link for another request records nothing on this one.
    const other = await answerOf(await post(r.app, "process-contact", bodies.contact()))
    await r.dispatch()
    const otherToken = tokenIn(smsOf(r.twilio.received.at(-1) ?? { headers: {}, body: "", status: 200 }).body)
    await linkRequest(r.app, "acknowledge-lead", otherToken, true, { outcome: "wrong_number" })
    expect(other.reference).not.toBe(r.reference)
    r.clock.advance(73 * 60 * MINUTE)
    const expired = await linkRequest(r.app, "acknowledge-lead", r.token, true, { outcome: "spam" })
    expect(expired.status).toBe(410)
    expect(await r.row()).toEqual({ acknowledged_by: null, outcome: null, outcome_note: null, outcome_by: null })
  })

  test("an outcome that is not one of the list, or a note past 1,000 characters, is refused naming the field", async () => {
    const r = await alertedCallback()
    const bad = await linkRequest(r.app, "acknowledge-lead", r.token, true, { outcome: "sold" })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ fields: { outcome: "Choose one of the outcomes" } })
    const long = await linkRequest(r.app, "acknowledge-lead", r.token, true, {
      outcome: "reached",
      note: "n".repeat(1_001),
    })
    expect(long.status).toBe(400)
    expect(await r.row()).toMatchObject({ outcome: null })
  })

  test("the chat post and the office e-mail carry the reference and the deadline", async () => {
    const r = await alertedCallback()
    const chat = r.chat.received.map(chatTextOf)[0] ?? ""
    expect(chat).toContain(`Answer by: ${officeWhen(new Date(TUESDAY_10AM.getTime() + 10 * MINUTE))}`)
    const alertMail = (await mailbox()).find((m) => m.to_address === CONTACTS[0]?.email)
    expect(alertMail?.text_body).toContain(`Reference: ${r.reference}`)
  })
})

test("a submission filed as spam and released 23 hours later (the next morning): the office's notice and alert say how long the visitor has waited", async () => {
  const r = await rig()
  const sent = { ...bodies.contact(), formFillMs: 900, name: "Autofill Ann" }
  await answerOf(await post(r.app, "process-contact", sent))
  const [spam] = await db.query<{ id: string }>(`select id from spam_attempts where submission_id = $1`, [
    sent.submissionId,
  ])
  if (!spam) throw new Error("not filed as spam")
  r.clock.advance(23 * 60 * MINUTE)
  const token = tokenIn(releaseUrl(r.config, spam.id, new Date(r.clock.read().getTime() + 24 * 60 * MINUTE)), "release")
  expect((await linkRequest(r.app, "release-spam", token, true)).status).toBe(200)
  await r.dispatch()
  const notice = (await mailbox()).find((m) => m.subject === "New website message from Autofill Ann")
  expect(notice?.text_body).toContain(
    `Filed as spam by mistake (Sent faster than a person can type (bot check)) and released: sent ${officeWhen(TUESDAY_10AM)}, the visitor has waited 23 hours. Call back first.`,
  )
  const text = r.twilio.received.map(smsOf).find((sms) => sms.body.startsWith("New contact message from Autofill Ann"))
  expect(text?.body).toContain("Released from spam: waited 23 hours")
})

test("a reference is no key: two submissions that show the same one are stored apart, the second under another", async () => {
  const r = await rig()
  const first = { ...bodies.contact(), reference: "WEB000001" }
  const second = { ...bodies.contact(), submissionId: randomUUID(), reference: "WEB000001" }
  await answerOf(await post(r.app, "process-contact", first))
  await answerOf(await post(r.app, "process-contact", second))
  // References are unique (reference-claim.ts): the second gets another, which its answer carries.
  const rows = await db.query<{ reference: string }>(`select reference from contact_messages order by created_at, id`)
  expect(rows).toHaveLength(2)
  expect(rows.map((row) => row.reference)).toContain("WEB000001")
  expect(new Set(rows.map((row) => row.reference)).size).toBe(2)
})

describe("spam review in business hours", () => {
  test("a form filled by autofill in under a second reaches the office within 15 minutes, with its message and its own 'Not spam' button; the daily digest does not list it again", async () => {
    const r = await rig()
    r.clock.set(new Date(TUESDAY_10AM.getTime() + 3 * MINUTE))
    const sent = { ...bodies.contact(), formFillMs: 1_200, name: "Quick Quinn", message: "Wasps under the porch roof" }
    await answerOf(await post(r.app, "process-contact", sent))
    // Nothing before the batch's end (10:15), then one e-mail at once.
    r.clock.set(new Date(TUESDAY_10AM.getTime() + 14 * MINUTE))
    await r.dispatch()
    const reviews = async () => (await mailbox()).filter((m) => m.subject.includes("filed as spam"))
    expect(await reviews()).toEqual([])
    r.clock.set(new Date(TUESDAY_10AM.getTime() + 15 * MINUTE))
    await r.dispatch()
    const [review] = await reviews()
    expect(review?.subject).toBe("1 submission(s) filed as spam in the last minutes: check for real customers")
    expect(review?.text_body).toContain("1. Quick Quinn (contact message)")
    expect(review?.text_body).toContain("Filed as spam because: Sent faster than a person can type (bot check)")
    expect(review?.text_body).toContain("Email: ann@example.com")
    expect(review?.text_body).toContain("Message: Wasps under the porch roof")
    expect(review?.text_body).toMatch(/Not spam: Quick Quinn: https:\/\/office\.example\/office\/release\/#t=/)
    // Released from the e-mail's own button: a lead, alerted, saying how long the visitor waited.
    const token = tokenIn(review?.text_body ?? "", "release")
    r.clock.set(new Date(TUESDAY_10AM.getTime() + 16 * MINUTE))
    expect(await (await linkRequest(r.app, "release-spam", token, true)).json()).toMatchObject({ state: "released" })
    await r.dispatch()
    const notice = (await mailbox()).find((m) => m.subject === "New website message from Quick Quinn")
    expect(notice?.text_body).toContain("the visitor has waited 13 minutes")
    // The next morning's digest has nothing new.
    r.clock.set(new Date(TUESDAY_10AM.getTime() + 22 * 60 * MINUTE))
    await r.dispatch()
    expect(await reviews()).toHaveLength(1)
  })

  test("after hours a record waits for the digest at opening: no batch while the office is closed", async () => {
    const r = await rig()
    r.clock.set(new Date(TUESDAY_10AM.getTime() + 12 * 60 * MINUTE))
    await answerOf(await post(r.app, "process-contact", { ...bodies.contact(), formFillMs: 800, name: "Late Lee" }))
    r.clock.advance(30 * MINUTE)
    await r.dispatch()
    expect((await mailbox()).filter((m) => m.subject.includes("filed as spam"))).toEqual([])
  })
})
