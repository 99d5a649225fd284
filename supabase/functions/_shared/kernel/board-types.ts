/**
 * The office board's answer (office-board), as the functions write it (office-links/board.ts) and the site's
 * /office/board/ page reads it back from untrusted JSON (src/lib/office/office-answers.ts): one shape for both.
 */
export type BoardState = "new" | "taken" | "done"

export interface BoardRequest {
  reference: string
  /**
   * The request's own signed "I'm on it" link in the board reader's name (call, text, take it, record what came of
   * it); null only in an answer that has none (an older backend's), and then the entry opens nothing.
   */
  link: string | null
  kind: string
  name: string
  receivedAt: string
  state: BoardState
  takenBy: string | null
  /** Minutes from when the visitor sent it to the first "I'm on it"; null while nobody has. */
  minutesToTake: number | null
  outcome: string | null
  outcomeBy: string | null
  /** The owner was told nobody took it. */
  missed: boolean
  /** "Prefers Spanish: call back in Spanish" for a visitor who used the site in another language than English. */
  prefers: string | null
  /** The request's own fields the board shows (kernel/request-fields.ts), on one line in the office's words ("Heard of us: A neighbor · …"). */
  details: string | null
}

export interface BoardCounts {
  total: number
  new: number
  taken: number
  done: number
  missed: number
  /** Median minutes to the first "I'm on it", over those taken; null when none was. */
  medianMinutesToTake: number | null
}

export interface BoardPeriod {
  counts: BoardCounts
  requests: BoardRequest[]
}
