import { useCallback, useRef } from "react"

/**
 * One submissionId per set of values: sending the same values again (after a
 * failure, or while an earlier send waits in the outbox) reuses the id, so
 * the backend stores the request once. `forget` starts afresh after a success.
 */
export function useSubmissionId() {
  const last = useRef<{ key: string; id: string } | null>(null)
  const idFor = useCallback((values: unknown) => {
    const key = JSON.stringify(values)
    if (last.current?.key !== key) last.current = { key, id: crypto.randomUUID() }
    return last.current.id
  }, [])
  const forget = useCallback(() => {
    last.current = null
  }, [])
  return { idFor, forget }
}
