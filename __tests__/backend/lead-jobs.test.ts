/** @jest-environment node */
import fc from "fast-check"
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { isEmailAddress } from "../../supabase/functions/_shared/kernel/email-address"
import { bodies, post, testConfig, withFreshDb, type AppUnderTest } from "./helpers"

jest.setTimeout(120_000)

let db: Db
let app: AppUnderTest

withFreshDb((fresh) => {
  db = fresh
  app = createApp({ db, config: testConfig() })
})

type WizardCall = "process-simple-lead" | "process-estimate" | "send-estimate-confirmation"
/** One submission: a single-call form, or any of the wizard's calls (in any order, repeats too) sharing one id. */
type Submission = { form: "contact" | "booking" | "callback" } | { form: "wizard"; calls: WizardCall[] }

const submission: fc.Arbitrary<Submission> = fc.oneof(
  fc.constantFrom("contact", "booking", "callback").map((form) => ({ form })),
  fc
    .array(fc.constantFrom<WizardCall>("process-simple-lead", "process-estimate", "send-estimate-confirmation"), {
      minLength: 1,
      maxLength: 4,
    })
    .map((calls) => ({ form: "wizard" as const, calls })),
)
const visitor = fc.record({
  name: fc.stringMatching(/^[A-Za-z][A-Za-z .'-]{0,40}$/),
  email: fc.emailAddress().filter(isEmailAddress),
})

/** The calls a submission makes, each with its body and the outbox jobs it must leave queued. */
function callsOf(s: Submission, { name, email }: { name: string; email: string }) {
  switch (s.form) {
    case "contact":
      return [
        {
          fn: "process-contact",
          body: { ...bodies.contact(), name, email },
          jobs: ["company_email", "customer_email"],
        },
      ]
    case "booking":
      return [
        {
          fn: "process-simple-lead",
          body: { ...bodies.booking(), fullName: name, email },
          jobs: ["company_email", "customer_email"],
        },
      ]
    case "callback":
      return [
        {
          fn: "process-simple-lead",
          body: { ...bodies.callback(), full_name: name, email },
          jobs: ["company_email", "customer_email"],
        },
      ]
    case "wizard": {
      const lead = { ...bodies.estimateLead(), fullName: name, email }
      const request = { ...bodies.estimateRequest(), fullName: name, email, submissionId: lead.submissionId }
      const jobsOf = {
        "process-simple-lead": [],
        "process-estimate": ["crm_forward"],
        "send-estimate-confirmation": ["customer_email"],
      }
      return s.calls.map((fn) => ({
        fn,
        body: fn === "process-simple-lead" ? lead : request,
        jobs: ["company_email", ...jobsOf[fn]],
      }))
    }
  }
}

test("every lead and message is stored once with its company e-mail and exactly the jobs its calls add, all tied to it", async () => {
  await fc.assert(
    fc.asyncProperty(submission, visitor, async (s, who) => {
      const calls = callsOf(s, who)
      const references = new Set<string>()
      for (const { fn, body } of calls) {
        const response = await post(app, fn, body)
        expect(response.status).toBe(200)
        references.add(((await response.json()) as { reference: string }).reference)
      }
      const submissionId = calls[0]!.body.submissionId
      const stored = await db.query<{ id: string; reference: string }>(
        `select id, reference from leads where submission_id = $1
         union all select id, reference from contact_messages where submission_id = $1`,
        [submissionId],
      )
      expect(stored).toHaveLength(1)
      const id = stored[0]!.id
      // Every call answers with the one reference the lead keeps (WEB…, the same in its e-mails and alerts).
      expect([...references]).toEqual([stored[0]!.reference])
      expect(stored[0]!.reference).toMatch(/^WEB\d{6}$/)

      const jobs = await db.query<{ kind: string; owner: string; to: string | null }>(
        `select kind, coalesce(lead_id, contact_message_id) as owner, payload->>'to' as to
         from outbox_jobs where dedupe_key like $1 order by kind`,
        [`${submissionId}:%`],
      )
      const kinds = [...new Set(calls.flatMap((c) => c.jobs))].sort()
      expect(jobs.map((j) => j.kind)).toEqual(kinds)
      for (const job of jobs) {
        expect(job.owner).toBe(id)
        if (job.kind === "customer_email") expect(job.to).toBe(who.email)
      }
    }),
    { numRuns: 40 },
  )
})
