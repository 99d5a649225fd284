/** @jest-environment node */
/**
 * The pipeline check and the per-address limit: the check's request comes from the functions' own
 * address, which anyone's requests can share, so its signed mark, not its address, lets it through.
 * After more ordinary requests from that address than its budget (RATE_LIMIT_MAX, 20), the check still
 * passes, and uses none of the budget; a request with a forged or stale mark from that address is
 * refused 429 like any other.
 */
import { randomUUID } from "node:crypto"
import { checkHeader, CHECK_HEADER } from "../../supabase/functions/_shared/pipeline-check/check-header"
import { checkRig, reportOf, type CheckRig } from "./pipeline-check-rig"
import { ANON_KEY, bodies } from "./helpers"

jest.setTimeout(60_000)

let rig: CheckRig
beforeEach(async () => {
  rig = await checkRig()
})
afterEach(() => rig.close())

/** A request from the address the check's own request comes from (no X-Forwarded-For, as the check sends none). */
const send = (name: string, body: object, headers: Record<string, string> = {}) =>
  fetch(`${rig.url}/functions/v1/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: ANON_KEY, ...headers },
    body: JSON.stringify(body),
  })

/** Sends ordinary contact messages until one is refused; the statuses. */
async function useUpTheBudget(): Promise<number[]> {
  const statuses: number[] = []
  for (let i = 0; i < rig.config.spam.rateLimitMax + 5; i++) {
    const response = await send("process-contact", bodies.contact())
    await response.arrayBuffer()
    statuses.push(response.status)
  }
  return statuses
}

const rateLimitHits = async () =>
  (await rig.db.query<{ hits: number }>(`select hits from rate_limits order by hits desc`)).map((r) => r.hits)

test("after 20+ ordinary requests from its address, the check passes and uses none of the address's budget", async () => {
  const max = rig.config.spam.rateLimitMax
  expect(max).toBe(20)
  const statuses = await useUpTheBudget()
  expect(statuses.slice(0, max).every((s) => s === 200)).toBe(true)
  expect(statuses.slice(max)).toEqual([429, 429, 429, 429, 429])
  const hitsBefore = await rateLimitHits()

  const report = reportOf(await rig.check("deploy"))
  expect(report.problems).toEqual([])
  expect(report.status).toBe("passed")
  expect(rig.ping.received).toHaveLength(1)
  expect(await rateLimitHits()).toEqual(hitsBefore)
  // The exemption was the check's alone: the address is still refused.
  expect((await send("process-contact", bodies.contact())).status).toBe(429)
})

test.each([
  [
    "a forged signature",
    (submission: string, at: Date) => checkHeader("guessed", randomUUID(), submission, at),
    60_000,
  ],
  [
    "a stale mark that was ours",
    (submission: string, at: Date) => checkHeader(rig.config.pipelineCheck.headerSecret, randomUUID(), submission, at),
    -1_000,
  ],
  ["a mark's shape with nothing behind it", () => `${randomUUID()}.${Date.now()}.${"0".repeat(64)}`, 0],
])("%s from the used-up address is refused 429 like any request", async (_, make, offsetMs) => {
  await useUpTheBudget()
  const body = bodies.booking()
  const at = new Date(rig.clock.read().getTime() + offsetMs)
  const response = await send("process-simple-lead", body, { [CHECK_HEADER]: make(body.submissionId, at) })
  expect(response.status).toBe(429)
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
  expect(await rig.db.query(`select 1 from leads`)).toHaveLength(0)
})
