/**
 * The reference a visitor and the office both see for one request: WEB and the last six digits of the
 * time in milliseconds when it was first sent. The browser makes it with the submission and
 * sends it with every call, so the thank-you shows it even while the request waits on the device; the
 * functions store it, and make one from the submission's id for a body without a well-formed one (a
 * browser from before references: the wizard's calls and a re-send then still share one). It is a label
 * for people, never a key: the submissionId is the key, and links name the stored row.
 */
export const REFERENCE_PATTERN = /^WEB\d{6}$/

/** Longest `reference` the contract takes: anything longer is no browser of ours. */
export const MAX_REFERENCE_LENGTH = 20

export const referenceAt = (ms: number) =>
  `WEB${String(Math.abs(Math.trunc(ms)))
    .padStart(6, "0")
    .slice(-6)}`

/** Six digits from the submission's id (a UUID: its last twelve hex digits, as a number). */
const fromSubmissionId = (submissionId: string) =>
  referenceAt(Number.parseInt(submissionId.replace(/[^0-9a-f]/gi, "").slice(-12) || "0", 16))

/** The body's reference when it is one of ours, else one made from its submission's id. */
export const referenceFor = (proposed: string | undefined, submissionId: string) =>
  proposed !== undefined && REFERENCE_PATTERN.test(proposed) ? proposed : fromSubmissionId(submissionId)
