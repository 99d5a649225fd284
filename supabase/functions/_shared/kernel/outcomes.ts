/**
 * What came of a request, as the office records it on the "I'm on it" page: stored with the lead
 * (the migration's check lists the same), forwarded to the CRM, counted by the board and the weekly
 * report. Their words are data (data/lead-messages.yaml officeAlerts.outcomes).
 */
export const LEAD_OUTCOMES = ["reached", "left_message", "booked", "not_interested", "wrong_number", "spam"] as const
export type LeadOutcome = (typeof LEAD_OUTCOMES)[number]

/** Longest note an outcome keeps (the migration's check says the same). */
export const MAX_OUTCOME_NOTE = 1_000

/** Longest name of who acknowledged (an on-call contact's name is at most this, on-call.ts). */
export const MAX_ACTOR_NAME = 80
