import { useCallback, useRef } from "react"
import type { Submission } from "./submission"

/**
 * One submission per lead: sending the same lead again (after a failure, or while an earlier send
 * waits in the outbox) reuses its submissionId, so the backend stores it once. `forget` starts
 * afresh after an accepted lead.
 */
export function useSubmissionId() {
  const last = useRef<{ key: string; submission: Submission } | null>(null)
  const submissionFor = useCallback((lead: unknown): Submission => {
    const key = JSON.stringify(lead)
    if (last.current?.key !== key)
      last.current = { key, submission: { submissionId: crypto.randomUUID(), createdAt: Date.now() } }
    return last.current.submission
  }, [])
  const forget = useCallback(() => {
    last.current = null
  }, [])
  return { submissionFor, forget }
}
