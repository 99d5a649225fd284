/**
 * @jest-environment node
 *
 * The customer messages' budget under Deno, as the Edge Function deploys: one address sending bookings
 * with the SMS opt-in gets CUSTOMER_SMS_PER_ADDRESS texts and CUSTOMER_EMAIL_PER_ADDRESS e-mails queued;
 * every request is stored, answered and noticed, and the ones past the budget are flagged for the office.
 */
import type { PGlite } from "@electric-sql/pglite"
import { LEAD_CONSENT } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { withDenoFunctions } from "./deno-server"
import { ANON_KEY, bodies } from "./helpers"

jest.setTimeout(300_000)

let pg: PGlite
const deno = withDenoFunctions(
  ["process-simple-lead"],
  { RATE_LIMIT_MAX: "0", CUSTOMER_SMS_PER_ADDRESS: "2", CUSTOMER_EMAIL_PER_ADDRESS: "3" },
  (db) => (pg = db),
)

test("under Deno, one address gets its texts and e-mails, then is held back; every request stored, noticed and flagged", async () => {
  const at = new Date().toISOString()
  for (let i = 0; i < 6; i++) {
    const response = await fetch(`${deno.url("process-simple-lead")}/process-simple-lead`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: ANON_KEY, "x-forwarded-for": "203.0.113.120" },
      body: JSON.stringify({
        ...bodies.booking(),
        phone: `91455531${String(i).padStart(2, "0")}`,
        email: `deno${i}@example.com`,
        consent: { version: LEAD_CONSENT.current, at, sms: { version: LEAD_CONSENT.sms.current, at } },
      }),
    })
    expect(response.status).toBe(200)
    await response.arrayBuffer()
  }
  const kinds = await pg.query<{ kind: string; n: number }>(
    `select kind, count(*)::int as n from outbox_jobs where kind in ('customer_sms', 'customer_email', 'company_email') group by kind order by kind`,
  )
  expect(kinds.rows).toEqual([
    { kind: "company_email", n: 6 },
    { kind: "customer_email", n: 3 },
    { kind: "customer_sms", n: 2 },
  ])
  const flagged = await pg.query<{ n: number }>(
    `select count(*)::int as n from leads where flags @> '[{"code":"customer_message_held"}]'::jsonb`,
  )
  expect(flagged.rows).toEqual([{ n: 4 }])
})
