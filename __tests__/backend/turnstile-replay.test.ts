/**
 * @jest-environment node
 *
 * A Turnstile token that already came with another submission vouches for nobody: the lead is stored and the
 * office told (`turnstile_reused`, spam/turnstile-pass.ts says why a flag and not the spam folder), whatever the
 * verifier answers. The same submission's own calls (the wizard's, a re-send) are no replay.
 */
import { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import type { LeadFlag } from "../../supabase/functions/_shared/intake/lead-flags"
import { OFFICE_CLOSED_AT, TURNSTILE, bodies, post, testConfig, withFreshDb } from "./helpers"

let db: Db
withFreshDb((fresh) => {
  db = fresh
})

/** A verifier that passes every token it is given (a stand-in, or one that honours any idempotency key). */
const passingVerifier = (() =>
  Promise.resolve(
    new Response(JSON.stringify({ success: true, "error-codes": [] }), {
      headers: { "content-type": "application/json" },
    }),
  )) as typeof fetch

const app = () =>
  createApp({
    db,
    config: testConfig({ TURNSTILE_SECRET_KEY: TURNSTILE.secret, TURNSTILE_VERIFY_URL: TURNSTILE.verifyUrl }),
    fetchImpl: passingVerifier,
    clock: () => OFFICE_CLOSED_AT,
  })

const flagsOf = async (submissionId: string) =>
  (await db.query<{ flags: LeadFlag[] }>(`select flags from leads where submission_id = $1`, [submissionId]))[0]?.flags

test("a token replayed on a new submission is stored and flagged; its first submission is not", async () => {
  const token = "token-seen-once"
  const first = { ...bodies.booking(), turnstileToken: token }
  const replay = { ...bodies.booking(), turnstileToken: token }
  expect((await post(app(), "process-simple-lead", first)).status).toBe(200)
  expect((await post(app(), "process-simple-lead", replay)).status).toBe(200)
  expect(await flagsOf(first.submissionId)).toEqual([])
  expect(await flagsOf(replay.submissionId)).toContainEqual({
    code: "turnstile_reused",
    detail: "its token came first with another request",
  })
})

test("the wizard's calls and a re-send of one submission with its token are no replay", async () => {
  const token = "token-of-one-wizard"
  const lead = { ...bodies.estimateLead(), turnstileToken: token }
  const request = { ...bodies.estimateRequest(), submissionId: lead.submissionId, turnstileToken: token }
  for (const [fn, body] of [
    ["process-simple-lead", lead],
    ["process-estimate", request],
    ["send-estimate-confirmation", request],
  ] as const)
    expect((await post(app(), fn, body)).status).toBe(200)
  expect(await flagsOf(lead.submissionId)).toEqual([])
})

test("only the token's hash is kept", async () => {
  const body = { ...bodies.booking(), turnstileToken: "token-kept-as-hash" }
  expect((await post(app(), "process-simple-lead", body)).status).toBe(200)
  const rows = await db.query<{ token_hash: string }>(
    `select token_hash from turnstile_tokens where submission_id = $1`,
    [body.submissionId],
  )
  expect(rows).toHaveLength(1)
  expect(rows[0]!.token_hash).not.toContain("token-kept-as-hash")
})
