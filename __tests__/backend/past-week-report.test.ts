/**
 * @jest-environment node
 *
 * A past week's report from the owner's signed link: the weeks it allows, the report queued to the owner once
 * per week from one link, a week not ended refused beside the field, a changed or expired link changing nothing.
 */
import type { Db } from "../../supabase/functions/_shared/db"
import { reportLink } from "../../supabase/functions/_shared/office-links/report-link"
import { reportUrl } from "../../supabase/functions/_shared/office-links/signed-link"
import { withFreshDb } from "./helpers"
import { insertRequests, ownerConfig, WEDNESDAY_DEC_2 } from "./report-rows"

jest.setTimeout(60_000)

let db: Db
withFreshDb((fresh) => void (db = fresh), { each: true })

const config = ownerConfig()
const NOW = WEDNESDAY_DEC_2
const token = (at = NOW) => new URL(reportUrl(config.alerts, "Dana", at)).hash.replace("#t=", "")
const reportJobs = () =>
  db.query<{ dedupe_key: string }>(`select dedupe_key from outbox_jobs where kind = 'company_email' order by id`)

test("the link lists the ended weeks, and sends the chosen one's report to the owner once", async () => {
  await insertRequests(db, [
    { form: "callback", at: new Date("2026-11-24T15:00:00Z"), offer: "Express Pest Fix - $39" },
  ])
  const t = token()
  const preview = await reportLink(db, config, { token: t, confirm: false }, NOW)
  expect(preview.status).toBe(200)
  expect(preview.body).toMatchObject({ state: "ready", recipient: "dana@example.com" })
  expect(preview.body.weeks).toHaveLength(12)
  expect((preview.body.weeks as unknown[])[0]).toEqual({ first: "2026-11-23", last: "2026-11-29" })
  expect(await reportJobs()).toEqual([])

  const sent = await reportLink(db, config, { token: t, confirm: true, week: "2026-11-25" }, NOW)
  expect(sent.status).toBe(200)
  expect(sent.body).toMatchObject({ state: "sent", week: { first: "2026-11-23", last: "2026-11-29" } })
  const again = await reportLink(db, config, { token: t, confirm: true, week: "2026-11-23" }, NOW)
  expect(again.body).toMatchObject({ state: "already_sent" })
  const jobs = await reportJobs()
  expect(jobs).toHaveLength(1)
  const [payload] = await db.query<{ payload: { to: string; subject: string } }>(`select payload from outbox_jobs`)
  expect(payload?.payload.to).toBe("dana@example.com")
  expect(payload?.payload.subject).toBe("Weekly report, Nov 23, 2026 to Nov 29, 2026: 1 request(s), 0 booked")
})

test("a week not ended, one past the link's reach, or not a date is refused beside the field; nothing is sent", async () => {
  const t = token()
  for (const [week, reason] of [
    ["2026-12-01", "not_ended"],
    ["2026-12-20", "not_ended"],
    ["2026-01-05", "too_old"],
    ["2026-02-30", "invalid"],
  ] as const) {
    const answer = await reportLink(db, config, { token: t, confirm: true, week }, NOW)
    expect(answer.status).toBe(422)
    expect(answer.body).toMatchObject({ success: false, reason })
    expect(answer.body.fields).toEqual({ week: answer.body.error })
  }
  const notEnded = await reportLink(db, config, { token: t, confirm: true, week: "2026-12-01" }, NOW)
  expect(notEnded.body.error).toBe(
    "The week of 2026-12-01 has not ended yet: the latest week with a report is the week of 2026-11-23.",
  )
  expect(await reportJobs()).toEqual([])
})

test("a changed or expired link is refused and sends nothing", async () => {
  const t = token()
  const changed = `${t.slice(0, -2)}${t.endsWith("AA") ? "BB" : "AA"}`
  expect((await reportLink(db, config, { token: changed, confirm: true, week: "2026-11-23" }, NOW)).status).toBe(400)
  const late = new Date(NOW.getTime() + (config.alerts.linkTtlHours + 1) * 3_600_000)
  expect((await reportLink(db, config, { token: t, confirm: true, week: "2026-11-23" }, late)).status).toBe(410)
  expect(await reportJobs()).toEqual([])
})
