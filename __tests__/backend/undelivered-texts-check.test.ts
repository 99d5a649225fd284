/** @jest-environment node */
/**
 * The pipeline check's line on texts: the share of the last day's texts Twilio reported undelivered or
 * failed, with its error codes, always in the report's health; past UNDELIVERED_SHARE_LIMIT it is a
 * problem the office is told of. Texts older than a day are not counted.
 */
import { UNDELIVERED_SHARE_LIMIT } from "../../supabase/functions/_shared/pipeline-check/health"
import { checkRig, reportOf, type CheckRig } from "./pipeline-check-rig"
import { messageSid } from "./text-rig"

jest.setTimeout(60_000)

const rigs: CheckRig[] = []
afterEach(async () => {
  await Promise.all(rigs.splice(0).map((r) => r.close()))
})

const HOUR = 3_600_000

/** Texts as the SMS channel records them and the status webhook leaves them, sent `hoursAgo` before the rig's clock. */
async function texts(rig: CheckRig, hoursAgo: number, states: ReadonlyArray<[status: string, code: string | null]>) {
  const at = new Date(rig.clock.read().getTime() - hoursAgo * HOUR).toISOString()
  for (const [status, code] of states)
    await rig.db.query(
      `insert into sent_texts (message_sid, job_id, kind, status, status_rank, error_code, sent_at, status_at)
       values ($1, null, 'alert_sms', $2, 3, $3, $4, $4)`,
      [messageSid(), status, code, at],
    )
}

const delivered = (n: number): Array<[string, null]> => Array.from({ length: n }, () => ["delivered", null])

test("the share undelivered and its codes are in the report; at the limit the check still passes", async () => {
  const rig = await checkRig()
  rigs.push(rig)
  expect(UNDELIVERED_SHARE_LIMIT).toBe(0.1)
  await texts(rig, 2, [...delivered(9), ["undelivered", "30007"]])
  // A day and more ago: not counted.
  await texts(rig, 25, [
    ["failed", "30034"],
    ["failed", "30034"],
  ])
  const report = reportOf(await rig.check())
  expect(report.health?.texts).toEqual({ sent: 10, notDelivered: 1, errorCodes: [{ code: "30007", count: 1 }] })
  expect(report.problems.map((p) => p.code)).not.toContain("textsUndelivered")
})

test("past the limit it is a problem naming the share and Twilio's error codes, most first", async () => {
  const rig = await checkRig()
  rigs.push(rig)
  await texts(rig, 1, [
    ...delivered(6),
    ["undelivered", "30007"],
    ["undelivered", "30007"],
    ["failed", "30034"],
    ["failed", "21610"],
  ])
  const report = reportOf(await rig.check())
  expect(report.status).toBe("failed")
  const problem = report.problems.find((p) => p.code === "textsUndelivered")
  expect(problem?.detail).toBe(
    "4 of 10 texts sent in the last 24 hours (40%, over 10%) were undelivered or failed. Error codes: 30007 (2), 21610 (1), 30034 (1)",
  )
})
