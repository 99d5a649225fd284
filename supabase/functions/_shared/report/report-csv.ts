/**
 * The week's requests as the report's attachment: one CSV record per request, oldest first, with the
 * columns of data/lead-messages.yaml weeklyReport.csvColumns in their order there. Times are ISO 8601
 * with the company's offset ("2026-03-09T08:05:00-04:00"), so a spreadsheet and a person read the same.
 */
import { localIso } from "../kernel/business-hours.ts"
import { COMPANY, LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import { toCsv } from "./csv.ts"
import { columnsShownIn, isDeclaredKind, REQUEST_KINDS } from "../requests/shown-fields.ts"
import { touchesOf, type WeekRequestRow } from "./report-data.ts"
import { formLabel } from "./weekly-figures.ts"
import { offerOf, planOf } from "./offer-groups.ts"

const COLUMNS = LEAD_MESSAGES.weeklyReport.csvColumns
const OUTCOMES = LEAD_MESSAGES.officeAlerts.outcomes

const textOf = (value: unknown) => (typeof value === "string" ? value : "")

/** After data's columns, each declared request's fields the CSV lists (kernel/request-fields.ts), under the office's label. */
const DECLARED_COLUMNS = Object.keys(REQUEST_KINDS)
  .filter(isDeclaredKind)
  .flatMap((kind) => columnsShownIn(kind, "csv").map((column) => ({ kind, ...column })))

const time = (at: Date | null) => (at ? localIso(at, COMPANY.timeZone) : "")

function record(row: WeekRequestRow): string[] {
  const { first, last } = touchesOf(row)
  const cells: Record<keyof typeof COLUMNS, string> = {
    reference: row.reference ?? "",
    received: time(row.created_at),
    form: formLabel(row.form),
    name: row.name,
    phone: row.phone,
    email: row.email ?? "",
    // By its English name, whichever language's name the lead stored (offer-groups.ts).
    offer: offerOf(row.special_offer)?.name ?? "",
    plan: (row.form === "estimate" && planOf(row.service_plan)?.name) || "",
    firstSource: first?.utm_source ?? "",
    firstMedium: first?.utm_medium ?? "",
    firstCampaign: first?.utm_campaign ?? "",
    lastSource: last?.utm_source ?? "",
    lastMedium: last?.utm_medium ?? "",
    lastCampaign: last?.utm_campaign ?? "",
    firstAlerted: time(row.first_alerted_at),
    acknowledgedBy: row.acknowledged_by ?? "",
    acknowledgedAt: time(row.acknowledged_at),
    outcome: row.outcome ? OUTCOMES[row.outcome] : "",
    outcomeBy: row.outcome_by ?? "",
    note: row.outcome_note ?? "",
  }
  return [
    ...COLUMN_KEYS.map((key) => cells[key]),
    ...DECLARED_COLUMNS.map(({ kind, name }) => (row.form === kind ? textOf(row.fields?.[name]) : "")),
  ]
}

const isColumn = (key: string): key is keyof typeof COLUMNS => key in COLUMNS
/** The columns in data's order. */
const COLUMN_KEYS = Object.keys(COLUMNS).filter(isColumn)

/** The CSV of the week's requests: a header record, then one record per request. */
export const weekCsv = (rows: Iterable<WeekRequestRow>): string =>
  toCsv(
    [...COLUMN_KEYS.map((key) => COLUMNS[key]), ...DECLARED_COLUMNS.map(({ label }) => label)],
    (function* () {
      for (const row of rows) yield record(row)
    })(),
  )
