/**
 * office-report, called by the site's /office/report/ page from the morning summary's signed link:
 * `confirm: false` lists the weeks the link allows (the last REPORT_LINK_WEEKS ended ones) and who gets the
 * report, changing nothing; `confirm: true` with one of those weeks queues its report to the owner's e-mail
 * (report/past-report.ts), once per week from one link. A week that has not ended, or is past the link's
 * reach, is refused beside the field; a changed or expired link changes nothing.
 */
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import type { ReportLinkRequest } from "../kernel/contract.ts"
import { REPORT_LINK_WEEKS, reportRecipient, sendPastReport } from "../report/past-report.ts"
import { endedWeeks } from "../report/report-week.ts"
import { checkedLink, type LinkAnswer } from "./handlers.ts"

export async function reportLink(
  db: Db,
  config: BackendConfig,
  { token, confirm, week }: ReportLinkRequest,
  at: Date,
): Promise<LinkAnswer> {
  const claims = checkedLink(config, token, "report", at)
  if ("status" in claims) return claims
  const common = { success: true, to: claims.to, recipient: reportRecipient(config) }
  const weeks = endedWeeks(at, REPORT_LINK_WEEKS).map(({ first, last }) => ({ first, last }))
  if (!confirm || week === undefined) return { status: 200, body: { ...common, state: "ready", weeks } }
  const sent = await sendPastReport(db, config, { day: week, asker: claims.id, weeksBack: REPORT_LINK_WEEKS }, at)
  if (sent.state === "refused")
    return {
      status: 422,
      body: { success: false, error: sent.message, reason: sent.problem, fields: { week: sent.message } },
    }
  return {
    status: 200,
    body: {
      ...common,
      state: sent.state,
      weeks,
      week: { first: sent.week.first, last: sent.week.last },
      message: sent.message,
    },
  }
}
