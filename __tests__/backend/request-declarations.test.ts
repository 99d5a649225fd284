/**
 * @jest-environment node
 *
 * A request kind's declaration (supabase/functions/_shared/kernel/request-fields.ts) is the one place its fields are told:
 * every own field of the contact request reaches each place its declaration `shows` (the office's notice, the
 * visitor's confirmation in their language, the office's text, the board, the weekly CSV) and no other, stored in
 * its column or in the row's `details`. The cases are read from the declaration: a field added there is tested here.
 */
import { CONTACT_REQUEST } from "../../supabase/functions/_shared/kernel/contact-request"
import { declaredFields, ownFields, type FieldPlace } from "../../supabase/functions/_shared/kernel/request-fields"
import { OFFICE_FIELD_LABELS, VISITOR_FIELD_LABELS } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { boardAt } from "../../supabase/functions/_shared/office-links/board"
import { weekRequests } from "../../supabase/functions/_shared/report/report-data"
import { weekCsv } from "../../supabase/functions/_shared/report/report-csv"
import type { Language } from "../../supabase/functions/_shared/kernel/languages"
import { TUESDAY_10AM, alertConfig, alertRig, handClock, smsOf, withAlertDb } from "./alert-rig"
import { bodies, post } from "./helpers"
import { readCsv } from "./python-csv"

jest.setTimeout(120_000)

const { db, providers } = withAlertDb()

const OWN = ownFields(CONTACT_REQUEST)
/** A value no other text of the request holds, that every rule takes (visible, short). */
const valueOf = (name: string) => `Zq ${name} value`

/** What each place shows of the request, as one text to look for a value in. */
async function places(language: Language): Promise<{ reference: string; shown: Record<FieldPlace, string> }> {
  const p = await providers()
  const config = alertConfig(p)
  const clock = handClock(TUESDAY_10AM)
  const { app, dispatch } = alertRig(db, config, clock)
  const body = { ...bodies.contact(), language, ...Object.fromEntries(OWN.map(([name]) => [name, valueOf(name)])) }
  const response = await post(app, "process-contact", body)
  expect(response.status).toBe(200)
  const { reference } = (await response.json()) as { reference: string }
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
  const board = await boardAt(db, TUESDAY_10AM)
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
      board: (listed?.details ?? []).map(({ label, value }) => `${label}: ${value}`).join("\n"),
      csv: header.map((label, i) => `${label}: ${record[i] ?? ""}`).join("\n"),
      // The contact request is not forwarded to a CRM; a field declared for it would fail here.
      crm: "",
    },
  }
}

const PLACES: readonly FieldPlace[] = ["notice", "confirmation", "alert", "board", "csv", "crm"]

describe.each<Language>(["en", "es"])("a contact request sent in %s", (language) => {
  test("each declared field is shown, labelled, where its declaration says, and nowhere else", async () => {
    const { shown } = await places(language)
    for (const [name, field] of OWN)
      for (const place of PLACES) {
        const where = `${name} in the ${place}`
        if (!field.shows.includes(place)) {
          expect([where, shown[place]]).toEqual([where, expect.not.stringContaining(valueOf(name))])
          continue
        }
        expect([where, shown[place]]).toEqual([where, expect.stringContaining(valueOf(name))])
        // The office reads its own words; the visitor their language's (the text shows the request's text bare).
        const label =
          place === "confirmation"
            ? VISITOR_FIELD_LABELS[language].contact?.[name]
            : OFFICE_FIELD_LABELS.contact?.[name]
        if (!(place === "alert" && field.input === "text" && field.multiline === true))
          expect([where, shown[place]]).toEqual([where, expect.stringContaining(label ?? "(no label)")])
      }
  })

  test("each field is stored in its column, or in the row's details when it has none", async () => {
    const { reference } = await places(language)
    const [row] = await db.query<Record<string, unknown> & { details: Record<string, unknown> }>(
      "select * from contact_messages where reference = $1",
      [reference],
    )
    for (const [name, field] of declaredFields(CONTACT_REQUEST)) {
      const stored = field.column === undefined ? row?.details[name] : row?.[field.column]
      if (field.input === "text") expect([name, stored]).toEqual([name, valueOf(name)])
      else expect([name, stored]).toEqual([name, expect.any(String)])
    }
  })
})
