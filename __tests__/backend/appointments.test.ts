/** @jest-environment node */
/**
 * Confirming an arrival window, with a fixed clock: one transaction takes a visit, records
 * the appointment, acknowledges the request (its escalation stops) as booked, and queues the visitor's
 * e-mail with an .ics file (read back with a real iCalendar parser, ical.js), a text only with the SMS
 * opt-in, and the CRM's event with the window in ISO 8601 with New York's offset; once. The race for a
 * window's last visit has one winner; the loser is offered the request's other windows.
 */
import { Buffer } from "node:buffer"
import ICAL from "ical.js"
import { confirmAppointment } from "../../supabase/functions/_shared/appointments/confirm"
import { windowLabel } from "../../supabase/functions/_shared/appointments/window-label"
import { WINDOW_PLAN, WINDOW_SCHEDULE } from "../../supabase/functions/_shared/appointments/window-plan"
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { offeredWindows, windowsOn, type ArrivalWindow } from "../../supabase/functions/_shared/kernel/arrival-windows"
import { COMPANY, CUSTOMER_TEXTS, LEAD_CONSENT } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { consentVersionId } from "../../supabase/functions/_shared/kernel/consent"
import { fill } from "../../supabase/functions/_shared/kernel/escape"
import { isGsm7 } from "../../supabase/functions/_shared/kernel/gsm7"
import { acknowledgeUrl, confirmUrl } from "../../supabase/functions/_shared/office-links/signed-link"
import { dispatchOutbox } from "../../supabase/functions/_shared/outbox/outbox"
import { TUESDAY_10AM } from "./alert-rig"
import { fakeServer } from "./fake-servers"
import { bodies, post, storedIdOf, testConfig, withFreshDb } from "./helpers"

const config = testConfig()
let db: Db
withFreshDb((fresh) => void (db = fresh), { each: true })

const AGREED_AT = "2026-03-03T14:59:00.000Z"
const WITH_SMS = {
  consent: { version: LEAD_CONSENT.current, at: AGREED_AT, sms: { version: LEAD_CONSENT.sms.current, at: AGREED_AT } },
}

/** A $49 booking naming these windows, sent at `at`; its lead's id. */
async function booking(windows: readonly ArrivalWindow[], at = TUESDAY_10AM, extra: object = WITH_SMS) {
  const app = createApp({ db, config, clock: () => at })
  const response = await post(app, "process-simple-lead", {
    ...bodies.booking(),
    ...extra,
    preferredWindows: windows.map((w) => w.id),
  })
  expect(response.status).toBe(200)
  const { reference } = (await response.json()) as { reference: string }
  return storedIdOf(db, reference)
}

const confirmedJobs = (leadId: string) =>
  db.query<{ kind: string; payload: Record<string, unknown> }>(
    `select kind, payload from outbox_jobs where lead_id = $1 and dedupe_key like 'appointment:%' order by kind`,
    [leadId],
  )

const [FIRST, SECOND] = offeredWindows(WINDOW_SCHEDULE, WINDOW_PLAN, TUESDAY_10AM)
if (!FIRST || !SECOND) throw new Error("windows expected on Tuesday morning")

test("confirming takes the visit, records who and when, acknowledges the request as booked, and writes to the visitor once", async () => {
  const leadId = await booking([FIRST, SECOND])
  const at = new Date(TUESDAY_10AM.getTime() + 60_000)
  const result = await confirmAppointment(db, config, { leadId, windowId: FIRST.id, by: "Dana" }, at)
  expect(result).toMatchObject({ state: "confirmed", appointment: { windowId: FIRST.id, confirmedBy: "Dana" } })

  const [lead] = await db.query<{ acknowledged_by: string; outcome: string }>(
    `select acknowledged_by, outcome from leads where id = $1`,
    [leadId],
  )
  expect(lead).toEqual({ acknowledged_by: "Dana", outcome: "booked" })
  expect(await db.query(`select window_id, booked from window_bookings`)).toEqual([{ window_id: FIRST.id, booked: 1 }])

  const jobs = await confirmedJobs(leadId)
  expect(jobs.map((j) => j.kind)).toEqual(["crm_forward", "customer_email", "customer_sms"])
  const crm = jobs[0]?.payload
  expect(crm).toMatchObject({ event: "appointment.confirmed", window: { id: FIRST.id }, confirmedBy: "Dana" })
  expect((crm?.window as { start: string }).start).toMatch(/^2026-03-\d\dT\d\d:00:00-05:00$/)

  // Again, by the same link or another window's: nothing changes, nothing is sent twice.
  const again = await confirmAppointment(db, config, { leadId, windowId: SECOND.id, by: "Eli" }, at)
  expect(again).toMatchObject({ state: "already_confirmed", appointment: { windowId: FIRST.id, confirmedBy: "Dana" } })
  expect(await confirmedJobs(leadId)).toHaveLength(3)
  expect(await db.query(`select booked from window_bookings`)).toEqual([{ booked: 1 }])
})

test("the visitor's e-mail carries the window, the address and an .ics a real iCalendar parser reads back", async () => {
  const leadId = await booking([FIRST])
  await confirmAppointment(db, config, { leadId, windowId: FIRST.id, by: "Dana" }, TUESDAY_10AM)
  await dispatchOutbox({ db, config, clock: () => TUESDAY_10AM })
  const [mail] = await db.query<{
    subject: string
    text_body: string
    attachments: Array<{ content: string; contentType: string; filename: string }>
  }>(`select subject, text_body, attachments from dev_mailbox where subject like 'Your visit is confirmed%'`)
  expect(mail?.subject).toMatch(/^Your visit is confirmed: \w{3}, \w{3} \d+, \d+:00 [AP]M to \d+:00 [AP]M$/)
  expect(mail?.text_body).toContain("5 Popham Rd, Scarsdale")
  const [file] = mail?.attachments ?? []
  expect(file).toMatchObject({
    filename: "pest-control-visit.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
  })
  const calendar = ICAL.Component.fromString(Buffer.from(file?.content ?? "", "base64").toString("utf8"))
  const [event] = calendar.getAllSubcomponents("vevent")
  const parsed = new ICAL.Event(event)
  expect(parsed.startDate.toJSDate().toISOString()).toBe(FIRST.startsAt)
  expect(parsed.endDate.toJSDate().toISOString()).toBe(FIRST.endsAt)
  expect(parsed.uid).toBe(`${leadId}@westchesterfamilypest.example`)
  expect(parsed.location).toContain("5 Popham Rd")
  expect(parsed.summary).toBe("Pest control visit, Westchester Family Pest Control")
})

test("no text without the SMS opt-in", async () => {
  const leadId = await booking([FIRST], TUESDAY_10AM, { consent: { version: LEAD_CONSENT.current, at: AGREED_AT } })
  await confirmAppointment(db, config, { leadId, windowId: FIRST.id, by: "Dana" }, TUESDAY_10AM)
  expect((await confirmedJobs(leadId)).map((j) => j.kind)).toEqual(["crm_forward", "customer_email"])
})

test("the race for a window's last visit: one wins, the other is told it is full and offered its other windows", async () => {
  const last = { ...FIRST }
  const leads = await Promise.all(
    Array.from({ length: last.visits + 1 }, (_, i) => booking(i === last.visits ? [last, SECOND] : [last])),
  )
  const results = await Promise.all(
    leads.map((leadId) => confirmAppointment(db, config, { leadId, windowId: last.id, by: "Dana" }, TUESDAY_10AM)),
  )
  expect(results.filter((r) => r.state === "confirmed")).toHaveLength(last.visits)
  const lost = results.filter((r) => r.state === "full")
  expect(lost).toHaveLength(1)
  const loser = leads[results.findIndex((r) => r.state === "full")]
  if (loser === leads.at(-1)) expect(lost[0]).toMatchObject({ others: [{ id: SECOND.id }] })
  expect(await db.query(`select booked from window_bookings where window_id = $1`, [last.id])).toEqual([
    { booked: last.visits },
  ])
})

test("a window past, or one the data does not know, is not confirmed", async () => {
  const leadId = await booking([FIRST])
  const past = windowsOn(WINDOW_SCHEDULE, WINDOW_PLAN, "2026-03-03", "Tuesday")[0]
  if (!past) throw new Error("a Tuesday window expected")
  expect(await confirmAppointment(db, config, { leadId, windowId: past.id, by: "Dana" }, TUESDAY_10AM)).toMatchObject({
    state: "unavailable",
    others: [{ id: FIRST.id }],
  })
  expect(
    (await confirmAppointment(db, config, { leadId, windowId: "2026-03-04@06:30", by: "Dana" }, TUESDAY_10AM)).state,
  ).toBe("unavailable")
  expect(await db.query(`select 1 from appointments`)).toEqual([])
})

test("after the clocks go back, the CRM's window carries New York's winter offset", async () => {
  const friday = new Date("2026-10-30T14:00:00Z")
  const monday = windowsOn(WINDOW_SCHEDULE, WINDOW_PLAN, "2026-11-02", "Monday")[0]
  if (!monday) throw new Error("a Monday window expected")
  const leadId = await booking([monday], friday)
  await confirmAppointment(db, config, { leadId, windowId: monday.id, by: "Dana" }, friday)
  const crm = (await confirmedJobs(leadId)).find((j) => j.kind === "crm_forward")?.payload
  expect(crm?.window).toEqual({ id: monday.id, start: "2026-11-02T08:00:00-05:00", end: "2026-11-02T11:00:00-05:00" })
})

describe("the office's one-tap link (confirm-window)", () => {
  const call = (token: string, confirm: boolean, extra: object = {}, at = TUESDAY_10AM) =>
    createApp({ db, config, clock: () => at }).request("/functions/v1/confirm-window", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, confirm, ...extra }),
    })
  const tokenOf = (url: string) => url.slice(url.indexOf("#t=") + 3)
  const linkFor = (leadId: string, window: ArrivalWindow, to = "Office") =>
    tokenOf(confirmUrl(config.alerts, leadId, window.id, to, TUESDAY_10AM))

  test("a preview changes nothing; confirming records it in the link's name; a replay changes nothing", async () => {
    const leadId = await booking([FIRST, SECOND])
    const token = linkFor(leadId, FIRST)
    const preview = await call(token, false)
    expect(preview.status).toBe(200)
    // A $49 booking holds the first window it picked at once (appointments/hold.ts): its link confirms that hold.
    expect(await preview.json()).toMatchObject({
      state: "ready",
      held: true,
      window: { id: FIRST.id },
      lead: { id: leadId },
    })
    expect(await db.query(`select 1 from appointments`)).toEqual([])

    const confirmed = await call(token, true)
    expect(await confirmed.json()).toMatchObject({
      state: "confirmed",
      appointment: { windowId: FIRST.id, by: "Office" },
    })
    const replay = await call(token, true)
    expect(await replay.json()).toMatchObject({ state: "already_confirmed", appointment: { by: "Office" } })
    expect(await confirmedJobs(leadId)).toHaveLength(3)
  })

  test("full: the other windows come with links of their own", async () => {
    for (let i = 0; i < FIRST.visits; i++)
      await confirmAppointment(
        db,
        config,
        { leadId: await booking([FIRST]), windowId: FIRST.id, by: "Dana" },
        TUESDAY_10AM,
      )
    // Booked once the first window is full: it holds its second, which stays among its other windows.
    const leadId = await booking([FIRST, SECOND])
    expect(await (await call(linkFor(leadId, FIRST), false)).json()).toMatchObject({ state: "full" })
    const body = (await (await call(linkFor(leadId, FIRST), true)).json()) as {
      state: string
      others: Array<{ id: string; link: string }>
    }
    expect(body.state).toBe("full")
    expect(body.others.map((o) => o.id)).toEqual([SECOND.id])
    const second = await call(tokenOf(body.others[0]?.link ?? ""), true)
    expect(await second.json()).toMatchObject({ state: "confirmed", appointment: { windowId: SECOND.id } })
  })

  test("a tampered, expired or other link, and a name not on the list, change nothing", async () => {
    const leadId = await booking([FIRST])
    const token = linkFor(leadId, FIRST)
    const tampered = `${token.slice(0, -2)}${token.endsWith("A") ? "B" : "A"}A`
    expect((await call(tampered, true)).status).toBe(400)
    expect((await call(token, true, {}, new Date(TUESDAY_10AM.getTime() + 73 * 3_600_000))).status).toBe(410)
    const acknowledge = tokenOf(acknowledgeUrl(config.alerts, { record: "lead", id: leadId }, "Office", TUESDAY_10AM))
    expect((await call(acknowledge, true)).status).toBe(400)
    expect((await call(token, true, { by: "Mallory" })).status).toBe(422)
    expect(await db.query(`select 1 from appointments`)).toEqual([])
  })
})

describe("the reminder the day before, between 8 am and 9 pm", () => {
  const thursday = (start: string) => {
    const window = windowsOn(WINDOW_SCHEDULE, WINDOW_PLAN, "2026-03-05", "Thursday").find((w) => w.start === start)
    if (!window) throw new Error(`a Thursday ${start} window expected`)
    return window
  }
  const reminder = (leadId: string) =>
    db.query<{ status: string; next_attempt_at: Date; last_error: string | null }>(
      `select status, next_attempt_at, last_error from outbox_jobs where dedupe_key = $1`,
      [`appointment:${leadId}:reminder`],
    )

  test("is due the day before at 5 pm, and then writes to the visitor (a text only with the opt-in)", async () => {
    const window = thursday("08:00")
    const leadId = await booking([window])
    await confirmAppointment(db, config, { leadId, windowId: window.id, by: "Dana" }, TUESDAY_10AM)
    expect(await reminder(leadId)).toEqual([
      expect.objectContaining({ status: "pending", next_attempt_at: new Date("2026-03-04T22:00:00Z") }),
    ])
    await dispatchOutbox({ db, config, clock: () => new Date("2026-03-04T22:00:30Z") })
    const sent = await db.query<{ kind: string; payload: { subject?: string; body?: string } }>(
      `select kind, payload from outbox_jobs where dedupe_key like $1 order by kind`,
      [`appointment:${leadId}:reminder:%`],
    )
    expect(sent.map((j) => j.kind)).toEqual(["customer_email", "customer_sms"])
    expect(sent[0]?.payload.subject).toBe(`Reminder: our visit tomorrow, ${windowLabel(window)}`)
    expect(sent[1]?.payload.body).toContain("reminder, our technician arrives")
  })

  test("run late at night, it waits for 8 am rather than text anyone; too late for that, it is dropped", async () => {
    const afternoon = thursday("14:00")
    const leadId = await booking([afternoon])
    await confirmAppointment(db, config, { leadId, windowId: afternoon.id, by: "Dana" }, TUESDAY_10AM)
    // Wednesday 23:00 in New York: the worker was down at 5 pm.
    await dispatchOutbox({ db, config, clock: () => new Date("2026-03-05T04:00:00Z") })
    expect((await reminder(leadId))[0]).toMatchObject({
      status: "pending",
      next_attempt_at: new Date("2026-03-05T13:00:00Z"),
    })

    const morning = thursday("08:00")
    const early = await booking([morning])
    await confirmAppointment(db, config, { leadId: early, windowId: morning.id, by: "Dana" }, TUESDAY_10AM)
    await dispatchOutbox({ db, config, clock: () => new Date("2026-03-05T04:00:00Z") })
    const [dropped] = await reminder(early)
    expect(dropped?.status).toBe("sent")
    expect(dropped?.last_error).toMatch(/^Too late/)
  })

  test("none when the visit is confirmed after 5 pm the day before; across the autumn change it is 5 pm EST", async () => {
    const window = thursday("08:00")
    const late = await booking([window])
    await confirmAppointment(
      db,
      config,
      { leadId: late, windowId: window.id, by: "Dana" },
      new Date("2026-03-04T23:00:00Z"),
    )
    expect(await reminder(late)).toEqual([])

    const monday = windowsOn(WINDOW_SCHEDULE, WINDOW_PLAN, "2026-11-02", "Monday")[0]
    if (!monday) throw new Error("a Monday window expected")
    const friday = new Date("2026-10-30T14:00:00Z")
    const leadId = await booking([monday], friday)
    await confirmAppointment(db, config, { leadId, windowId: monday.id, by: "Dana" }, friday)
    expect((await reminder(leadId))[0]?.next_attempt_at).toEqual(new Date("2026-11-01T22:00:00Z"))
  })
})

test("what to prepare comes from the named pest's page where it has a list for it, else the general list", async () => {
  const app = createApp({ db, config, clock: () => TUESDAY_10AM })
  const response = await post(app, "process-simple-lead", {
    ...bodies.estimateLead(),
    pests: ["Fleas"],
    preferredWindows: [FIRST.id],
  })
  const fleas = await storedIdOf(db, ((await response.json()) as { reference: string }).reference)
  await confirmAppointment(db, config, { leadId: fleas, windowId: FIRST.id, by: "Dana" }, TUESDAY_10AM)
  const booked = await booking([SECOND])
  await confirmAppointment(db, config, { leadId: booked, windowId: SECOND.id, by: "Dana" }, TUESDAY_10AM)
  const texts = await db.query<{ lead_id: string; text: string }>(
    `select lead_id, payload->>'text' as text from outbox_jobs where dedupe_key like 'appointment:%:email'`,
  )
  const textOf = (id: string) => texts.find((t) => t.lead_id === id)?.text ?? ""
  expect(textOf(fleas)).toContain("Preparing for Your Flea Treatment")
  expect(textOf(fleas)).toContain("Vacuum all carpets")
  expect(textOf(booked)).toContain("Before we come")
  expect(textOf(booked)).not.toContain("Flea")
})

test("a confirmation the e-mail API refuses is e-mailed to the office, with its content", async () => {
  // The visitor's address bounces at the API; the office's inbox takes everything.
  const resend = await fakeServer(({ body }) => (body.includes('"to":["tom@example.com"]') ? 422 : 200))
  try {
    const withApi = testConfig({ RESEND_API_KEY: "re_test", RESEND_API_URL: resend.url })
    const leadId = await booking([FIRST])
    await confirmAppointment(db, withApi, { leadId, windowId: FIRST.id, by: "Dana" }, TUESDAY_10AM)
    await dispatchOutbox({ db, config: withApi, clock: () => TUESDAY_10AM })
    await dispatchOutbox({ db, config: withApi, clock: () => TUESDAY_10AM })
    const notices = resend
      .delivered()
      .map((r) => JSON.parse(r.body) as { to: string[]; subject: string; text: string })
      .filter((e) => e.to.includes(withApi.mail.companyTo) && e.text.includes("Your visit is confirmed"))
    expect(notices).toHaveLength(1)
    const [dead] = await db.query<{ status: string }>(`select status from outbox_jobs where dedupe_key = $1`, [
      `appointment:${leadId}:email`,
    ])
    expect(dead?.status).toBe("dead")
  } finally {
    await resend.close()
  }
})

describe("a visitor who used the site in Spanish gets the visit in writing in Spanish", () => {
  const SPANISH = CUSTOMER_TEXTS.es.messages.appointments
  const WITH_SPANISH_SMS = {
    language: "es",
    consent: {
      version: consentVersionId(LEAD_CONSENT.current, "es"),
      at: AGREED_AT,
      sms: { version: consentVersionId(LEAD_CONSENT.sms.current, "es"), at: AGREED_AT },
    },
  }

  test("the confirmation's e-mail, text and calendar file, and the reminder, take the es texts and a Spanish window", async () => {
    const window = windowsOn(WINDOW_SCHEDULE, WINDOW_PLAN, "2026-03-05", "Thursday")[0]
    if (!window) throw new Error("a Thursday window expected")
    const leadId = await booking([window], TUESDAY_10AM, WITH_SPANISH_SMS)
    await confirmAppointment(db, config, { leadId, windowId: window.id, by: "Dana" }, TUESDAY_10AM)
    const label = windowLabel(window, "es")
    // es-US as written, whatever the ICU's own words ("a.m.", or "a. m." with a no-break space).
    expect(label).toBe(fill(SPANISH.windowLabel, { day: "jue, 5 de mar", start: "8:00 a. m.", end: "11:00 a. m." }))
    const jobs = await confirmedJobs(leadId)
    const email = jobs.find((j) => j.kind === "customer_email")?.payload as {
      subject: string
      text: string
      html: string
      attachments: Array<{ content: string; filename: string }>
    }
    // A sentence that ends with the window ends once: "… 11:00 a. m. Abajo …", never "a. m.. Abajo".
    for (const text of [email.text, email.html]) {
      expect(text).toContain("11:00 a. m.")
      expect(text).not.toMatch(/m\.\./)
    }
    expect(email.subject).toBe(fill(SPANISH.emailSubject, { window: label }))
    const [file] = email.attachments
    expect(file?.filename).toBe(SPANISH.calendarFile)
    const calendar = ICAL.Component.fromString(Buffer.from(file?.content ?? "", "base64").toString("utf8"))
    const event = new ICAL.Event(calendar.getAllSubcomponents("vevent")[0])
    expect(event.summary).toBe(fill(SPANISH.calendarSummary, { company: COMPANY.name }))
    expect(event.description).toContain(`${label} `)
    expect(event.description).not.toMatch(/m\.\./)
    const sms = jobs.find((j) => j.kind === "customer_sms")?.payload as { body: string }
    expect(sms.body).toContain(SPANISH.sms.slice(0, SPANISH.sms.indexOf("{")))
    // GSM-7 with plain spaces (no no-break space of Intl's), the window as written, one period after it.
    expect(sms.body).toContain(`${label} Ref`)
    expect(sms.body).not.toMatch(/m\.\./)
    expect(isGsm7(sms.body)).toBe(true)
    expect(jobs.find((j) => j.kind === "crm_forward")?.payload).toMatchObject({ language: "es" })

    await dispatchOutbox({ db, config, clock: () => new Date("2026-03-04T22:00:30Z") })
    const [reminderEmail] = await db.query<{ payload: { subject: string } }>(
      `select payload from outbox_jobs where dedupe_key = $1`,
      [`appointment:${leadId}:reminder:email`],
    )
    expect(reminderEmail?.payload.subject).toBe(fill(SPANISH.reminderSubject, { window: label }))
  })
})
