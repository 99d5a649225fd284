/**
 * @jest-environment node
 *
 * A request kind's declaration (supabase/functions/_shared/kernel/request-fields.ts) is the one place its fields are told:
 * every own field of a declared request reaches each place its declaration `shows` (the office's notice, the
 * visitor's confirmation in their language, the office's text, the board, the weekly CSV) and no other, stored in
 * its column or in the row's `details`. The cases are read from the declarations: a field added there is tested here.
 * The booking and the estimate have no own field yet: one is added to each here the way a maintainer would add it
 * (its declaration and its words), to show a new optional field reaches every place, stored without a migration;
 * the estimate's is also forwarded to the CRM.
 */
import { declaredFields, ownFields, type FieldPlace } from "../../supabase/functions/_shared/kernel/request-fields"
import { OFFICE_FIELD_LABELS, VISITOR_FIELD_LABELS } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { boardAt } from "../../supabase/functions/_shared/office-links/board"
import { weekRequests } from "../../supabase/functions/_shared/report/report-data"
import { weekCsv } from "../../supabase/functions/_shared/report/report-csv"
import { REQUEST_KINDS, type DeclaredKind } from "../../supabase/functions/_shared/requests/shown-fields"
import type { Language } from "../../supabase/functions/_shared/kernel/languages"
import { TUESDAY_10AM, alertConfig, alertRig, handClock, smsOf, withAlertDb } from "./alert-rig"
import { bodies, post } from "./helpers"
import { readCsv } from "./python-csv"

/** What an entry's link names (the handler signs a real one: office-link-answers.test.ts). */
const entryLink = ({ record, id }: { record: string; id: string }) => `link:${record}:${id}`

// The booking's and the estimate's new optional field, as kernel/booking-request.ts and data/scarsdale-offer.yaml
// (kernel/estimate-request.ts and data/estimate-wizard.yaml) would declare it (the factories run before this file's
// own code: their values are written in them).
jest.mock("../../supabase/functions/_shared/kernel/booking-request", () => {
  const actual = jest.requireActual<typeof import("../../supabase/functions/_shared/kernel/booking-request")>(
    "../../supabase/functions/_shared/kernel/booking-request",
  )
  const gateCode = { input: "text", max: 100, shows: ["notice", "confirmation", "alert", "board", "csv"] }
  return { ...actual, BOOKING_REQUEST: { fields: { ...actual.BOOKING_REQUEST.fields, gateCode } } }
})
jest.mock("../../supabase/functions/_shared/kernel/estimate-request", () => {
  const actual = jest.requireActual<typeof import("../../supabase/functions/_shared/kernel/estimate-request")>(
    "../../supabase/functions/_shared/kernel/estimate-request",
  )
  const gateCode = { input: "text", max: 100, shows: ["notice", "confirmation", "alert", "board", "csv", "crm"] }
  return { ...actual, ESTIMATE_REQUEST: { fields: { ...actual.ESTIMATE_REQUEST.fields, gateCode } } }
})
jest.mock("../../supabase/functions/_shared/kernel/site-data.generated", () => {
  type Generated = typeof import("../../supabase/functions/_shared/kernel/site-data.generated")
  const actual = jest.requireActual<Generated>("../../supabase/functions/_shared/kernel/site-data.generated")
  const { LANGUAGES } = jest.requireActual<typeof import("../../supabase/functions/_shared/kernel/languages")>(
    "../../supabase/functions/_shared/kernel/languages",
  )
  const words: Partial<Record<Language, string>> = { en: "Gate or door code", es: "Código de la puerta" }
  const visitor = (language: Language) => {
    const labels = actual.VISITOR_FIELD_LABELS[language]
    const gateCode = words[language] ?? "Gate or door code"
    const booking = { ...labels.booking, gateCode }
    const estimate = { ...labels.estimate, gateCode }
    return [language, { ...labels, booking, estimate }] as const
  }
  return {
    ...actual,
    OFFICE_FIELD_LABELS: {
      ...actual.OFFICE_FIELD_LABELS,
      booking: { ...actual.OFFICE_FIELD_LABELS.booking, gateCode: "Gate code" },
      estimate: { ...actual.OFFICE_FIELD_LABELS.estimate, gateCode: "Gate code" },
    },
    VISITOR_FIELD_LABELS: Object.fromEntries(LANGUAGES.map(visitor)),
  }
})

jest.setTimeout(120_000)

const { db, providers } = withAlertDb()

/** How each declared kind is sent (one submission, one call after another) and where it is stored. */
const SENT: Record<DeclaredKind, { functions: readonly string[]; body: () => object; table: string }> = {
  contact: { functions: ["process-contact"], body: () => bodies.contact(), table: "contact_messages" },
  // The wizard's calls 2 (stored, forwarded to the CRM) and 3 (the visitor's confirmation).
  estimate: {
    functions: ["process-estimate", "send-estimate-confirmation"],
    body: () => bodies.estimateRequest(),
    table: "leads",
  },
  booking: { functions: ["process-simple-lead"], body: () => bodies.booking(), table: "leads" },
  // The callback's e-mail is optional: with one, the visitor is sent a confirmation. A short offer's name leaves the
  // alert's request line (cut to fit one text) room for the fields after it.
  callback: {
    functions: ["process-simple-lead"],
    body: () => ({ ...bodies.callback(), email: "rita@example.com", special_offer: "Fix $39" }),
    table: "leads",
  },
}

/** A value no other text of the request holds, that every rule takes (visible, short). */
const valueOf = (name: string) => `Zq ${name} value`

/** What each place shows of the request, as one text to look for a value in. */
async function places(
  kind: DeclaredKind,
  language: Language,
): Promise<{ reference: string; shown: Record<FieldPlace, string> }> {
  const p = await providers()
  const config = alertConfig(p)
  const clock = handClock(TUESDAY_10AM)
  const { app, dispatch } = alertRig(db, config, clock)
  const own = ownFields(REQUEST_KINDS[kind])
  const body = { ...SENT[kind].body(), language, ...Object.fromEntries(own.map(([name]) => [name, valueOf(name)])) }
  const references: string[] = []
  for (const name of SENT[kind].functions) {
    const response = await post(app, name, body)
    expect([name, response.status]).toEqual([name, 200])
    references.push(((await response.json()) as { reference: string }).reference)
  }
  const [reference = ""] = references
  expect(new Set(references)).toEqual(new Set([reference]))
  await dispatch()
  const mail = async (kind: string) =>
    (
      await db.query<{ text_body: string }>(
        `select m.text_body from dev_mailbox m join outbox_jobs j on j.id = m.job_id where j.kind = $1`,
        [kind],
      )
    )
      .map((row) => row.text_body)
      .join("\n")
  const board = await boardAt(db, TUESDAY_10AM, entryLink)
  const listed = board.today.requests.find((request) => request.reference === reference)
  const week = { from: new Date(TUESDAY_10AM.getTime() - 3_600_000), to: new Date(TUESDAY_10AM.getTime() + 1) }
  const csv = readCsv(new TextEncoder().encode(weekCsv(await weekRequests(db, week))))
  const header = csv[0] ?? []
  const record = csv.find((cells) => cells.includes(reference)) ?? []
  return {
    reference,
    shown: {
      notice: await mail("company_email"),
      confirmation: await mail("customer_email"),
      alert: p.twilio.received.map((request) => smsOf(request).body).join("\n"),
      board: listed?.details ?? "",
      csv: header.map((label, i) => `${label}: ${record[i] ?? ""}`).join("\n"),
      // What the CRM is sent, by declared name (only the estimate is forwarded).
      crm: (
        await db.query<{ payload: { fields?: Record<string, string> } }>(
          `select payload from outbox_jobs where kind = 'crm_forward'`,
        )
      )
        .flatMap(({ payload }) => Object.entries(payload.fields ?? {}).map(([name, value]) => `${name}: ${value}`))
        .join("\n"),
    },
  }
}

const PLACES: readonly FieldPlace[] = ["notice", "confirmation", "alert", "board", "csv", "crm"]

const CASES = (["contact", "estimate", "booking", "callback"] as const).flatMap((kind) =>
  (["en", "es"] as const).map((language) => [kind, language] as const),
)

describe.each(CASES)("a %s request sent in %s", (kind, language) => {
  test("each declared field is shown, labelled, where its declaration says, and nowhere else", async () => {
    const own = ownFields(REQUEST_KINDS[kind])
    expect(own.length).toBeGreaterThan(0)
    const { shown } = await places(kind, language)
    for (const [name, field] of own)
      for (const place of PLACES) {
        const where = `${name} in the ${place}`
        if (!field.shows.includes(place)) {
          expect([where, shown[place]]).toEqual([where, expect.not.stringContaining(valueOf(name))])
          continue
        }
        expect([where, shown[place]]).toEqual([where, expect.stringContaining(valueOf(name))])
        // The office reads its own words; the visitor their language's (the text shows the request's text bare); the
        // CRM the declared name.
        const label =
          place === "confirmation"
            ? VISITOR_FIELD_LABELS[language][kind]?.[name]
            : place === "crm"
              ? name
              : OFFICE_FIELD_LABELS[kind]?.[name]
        if (!(place === "alert" && field.input === "text" && field.multiline === true))
          expect([where, shown[place]]).toEqual([where, expect.stringContaining(label ?? "(no label)")])
      }
  })

  test("each field is stored in its column, or in the row's details when it has none", async () => {
    const { reference } = await places(kind, language)
    const [row] = await db.query<Record<string, unknown> & { details: Record<string, unknown> }>(
      `select * from ${SENT[kind].table} where reference = $1`,
      [reference],
    )
    for (const [name, field] of declaredFields(REQUEST_KINDS[kind])) {
      const stored = field.column === undefined ? row?.details[name] : row?.[field.column]
      if (field.input === "text") expect([name, stored]).toEqual([name, valueOf(name)])
      else expect([name, stored]).toEqual([name, expect.any(String)])
    }
  })
})
