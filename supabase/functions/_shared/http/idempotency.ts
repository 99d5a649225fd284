/**
 * Each (function, submissionId) runs once: a repeat of the same body gets the first answer, a different
 * body (or another function's use of the id, but for the wizard's calls sharing one lead) gets 409.
 */
import { sha256Hex, stableJson } from "../crypto.ts"
import type { Db } from "../db.ts"
import type { ErrorAnswer, PublicFunctionName, SubmissionFields, SuccessAnswer } from "../kernel/contract.ts"
import { INVALID } from "../kernel/field-errors.ts"
import { WIZARD_FUNCTIONS } from "../functions.ts"
import type { FunctionCallRow } from "../rows.ts"

export type Answer = { status: 200 | 409; body: SuccessAnswer | ErrorAnswer }

export type Work = (tx: Db) => Promise<SuccessAnswer>

/** A submission as idempotency sees it, its hashes computed once per request. */
export interface Submission {
  id: string
  /** What a repeat must match. */
  requestHash: string
  /** The lead itself: the wizard's three calls differ only in `source` and `accountId`, so they share it. */
  leadHash: string
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "23505"

/** Fields that may differ between two sends of one submission: the single-use Turnstile token and the time spent in the form. */
const withoutSendFields = <B extends SubmissionFields>({ turnstileToken: _token, formFillMs: _fill, ...kept }: B) =>
  kept

export function submissionOf(body: SubmissionFields): Submission {
  const kept = withoutSendFields(body)
  const { source: _source, accountId: _account, ...lead } = kept
  return { id: body.submissionId, requestHash: sha256Hex(stableJson(kept)), leadHash: sha256Hex(stableJson(lead)) }
}

const REUSED_ID: Answer = {
  status: 409,
  body: {
    success: false,
    error: "This submission was already received with different details.",
    fields: { submissionId: "Already used for a different request" },
    codes: { submissionId: INVALID },
  },
}

/** A call recorded under a submissionId: what idempotency compares. */
type CallRow = Pick<FunctionCallRow, "function_name" | "request_hash" | "lead_hash" | "status_code" | "response">

const CALL_COLUMNS = "function_name, request_hash, lead_hash, status_code, response"

/** The stored answer to this (function, submissionId) among `calls`: the same answer for the same body, 409 for a different one. */
function answerIn(calls: readonly CallRow[], name: PublicFunctionName, submission: Submission): Answer | null {
  const prior = calls.find((call) => call.function_name === name)
  if (!prior) return null
  if (prior.request_hash === submission.requestHash) return { status: prior.status_code, body: prior.response }
  return REUSED_ID
}

/** The stored answer to this (function, submissionId): the same answer for the same body, 409 for a different one. */
export async function earlierAnswer(
  q: Pick<Db, "query">,
  name: PublicFunctionName,
  submission: Submission,
): Promise<Answer | null> {
  const calls = await q.query<CallRow>(
    `select ${CALL_COLUMNS} from function_calls where function_name = $1 and submission_id = $2`,
    [name, submission.id],
  )
  return answerIn(calls, name, submission)
}

/**
 * Whether another function already took this submissionId for something else. Only the wizard's
 * calls may share an id, and only with the same lead; otherwise the second lead would be merged
 * into the first row and its company notice deduplicated away: silently lost.
 */
function reusedByAnotherFunction(calls: readonly CallRow[], name: PublicFunctionName, submission: Submission): boolean {
  return calls.some(
    (other) =>
      other.function_name !== name &&
      (!WIZARD_FUNCTIONS.has(name) ||
        !WIZARD_FUNCTIONS.has(other.function_name) ||
        other.lead_hash !== submission.leadHash),
  )
}

/** Runs the work once per (function, submissionId); repeats get the first answer, a different body or function gets 409. */
export async function runIdempotently(
  db: Db,
  name: PublicFunctionName,
  submission: Submission,
  work: Work,
): Promise<Answer> {
  try {
    return await db.transaction(async (tx) => {
      // One submission at a time per id, across functions: the checks below then see every committed call.
      await tx.query(`select pg_advisory_xact_lock(hashtextextended($1::text, 0))`, [submission.id])
      // Every call under this id in one statement: this function's earlier answer, and the other functions' use of the id.
      const calls = await tx.query<CallRow>(`select ${CALL_COLUMNS} from function_calls where submission_id = $1`, [
        submission.id,
      ])
      const earlier = answerIn(calls, name, submission)
      if (earlier) return earlier
      if (reusedByAnotherFunction(calls, name, submission)) return REUSED_ID
      const answer = await work(tx)
      // The primary key makes a simultaneous copy of this request fail here and roll back.
      await tx.query(
        `insert into function_calls (function_name, submission_id, request_hash, lead_hash, status_code, response) values ($1, $2, $3, $4, 200, $5::text::jsonb)`,
        [name, submission.id, submission.requestHash, submission.leadHash, JSON.stringify(answer)],
      )
      return { status: 200, body: answer }
    })
  } catch (error) {
    // A simultaneous copy committed first: answer as it did.
    const earlier = isUniqueViolation(error) ? await earlierAnswer(db, name, submission) : null
    if (earlier) return earlier
    throw error
  }
}
