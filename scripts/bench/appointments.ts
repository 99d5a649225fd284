/**
 * What confirming an arrival window costs: `npm run bench:appointments` starts the local backend
 * (PGlite in memory, the local mailbox, no accounts) on a free port, then
 * 1. confirms RUNS (20) $49 bookings' windows one after another through confirm-window, as the office's
 *    page does, and times each from the tap to the visitor's e-mail in the mailbox (with its .ics);
 * 2. races RACERS (30) confirmations of different bookings for one window, all sent at once, and counts
 *    who won: exactly the window's capacity must, the others are told it is full.
 */
import { randomUUID } from "node:crypto"
import { startBackend } from "../../server/backend"
import { WINDOW_PLAN, WINDOW_SCHEDULE } from "../../supabase/functions/_shared/appointments/window-plan"
import { offeredWindows } from "../../supabase/functions/_shared/kernel/arrival-windows"
import { confirmUrl } from "../../supabase/functions/_shared/office-links/signed-link"

const RUNS = Number(process.env.RUNS ?? 20)
const RACERS = Number(process.env.RACERS ?? 30)

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0
}

async function main() {
  const backend = await startBackend({
    dataDir: "memory://",
    apiPort: 0,
    dbPort: null,
    env: { PIPELINE_CHECK: "0", WEEKLY_REPORT: "0", RATE_LIMIT_MAX: "0", MIN_FORM_FILL_MS: "0" },
  })
  const headers = { "content-type": "application/json", apikey: backend.config.anonKey }
  const call = async (name: string, body: object) => {
    const response = await fetch(`${backend.url}/functions/v1/${name}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    })
    return (await response.json()) as Record<string, unknown>
  }
  /** A $49 booking naming `windowId`, from a unique address; its lead's id and address. */
  const booking = async (windowId: string) => {
    const email = `visitor-${randomUUID().slice(0, 8)}@example.com`
    const answer = await call("process-simple-lead", {
      submissionId: randomUUID(),
      website: "",
      formFillMs: 30_000,
      fullName: "Bench Visitor",
      phone: "914 555 0199",
      streetAddress: "5 Popham Rd",
      city: "Scarsdale",
      zipCode: "10583",
      email,
      specialOffer: "$49 Scarsdale Starter Visit",
      preferredWindows: [windowId],
    })
    const [row] = await backend.db.query<{ id: string }>(`select id from leads where reference = $1`, [
      String(answer.reference),
    ])
    if (!row) throw new Error("the booking was not stored")
    return { id: row.id, email }
  }
  const confirm = (leadId: string, windowId: string) => {
    const url = confirmUrl(backend.config.alerts, leadId, windowId, "Office", new Date())
    return call("confirm-window", { token: url.slice(url.indexOf("#t=") + 3), confirm: true })
  }
  try {
    const windows = offeredWindows(WINDOW_SCHEDULE, WINDOW_PLAN, new Date())
    const times: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const window = windows[run % windows.length]
      if (!window) throw new Error("no window offered")
      const lead = await booking(window.id)
      const tapped = performance.now()
      const answer = await confirm(lead.id, window.id)
      if (answer.state !== "confirmed" && answer.state !== "full") throw new Error(`confirm: ${JSON.stringify(answer)}`)
      if (answer.state === "full") continue
      for (;;) {
        const [mail] = await backend.db.query<{ id: string }>(
          `select id from dev_mailbox where to_address = $1 and subject like 'Your visit is confirmed%' and attachments is not null`,
          [lead.email],
        )
        if (mail) break
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      times.push(Math.round(performance.now() - tapped))
    }
    console.log(
      `Confirm to the visitor's e-mail (with .ics) in the local mailbox, ${times.length} confirmations: median ${quantile(times, 0.5)} ms, p90 ${quantile(times, 0.9)} ms, max ${Math.max(...times)} ms`,
    )

    const contested = windows.at(-1)
    if (!contested) throw new Error("no window offered")
    const leads = await Promise.all(Array.from({ length: RACERS }, () => booking(contested.id)))
    const started = performance.now()
    const results = await Promise.all(leads.map((lead) => confirm(lead.id, contested.id)))
    const took = Math.round(performance.now() - started)
    const states = results.reduce<Record<string, number>>((count, r) => {
      const state = String(r.state)
      count[state] = (count[state] ?? 0) + 1
      return count
    }, {})
    const [booked] = await backend.db.query<{ booked: number }>(
      `select booked from window_bookings where window_id = $1`,
      [contested.id],
    )
    console.log(
      `${RACERS} confirmations racing for ${contested.id} (capacity ${contested.visits}), sent at once: ${JSON.stringify(states)}; window_bookings.booked = ${booked?.booked ?? 0}; all answered in ${took} ms`,
    )
    if (states.confirmed !== contested.visits || booked?.booked !== contested.visits) process.exitCode = 1
  } finally {
    await backend.stop()
  }
}

void main()
