/** Days a spam record is kept after the office was shown it (or released it): its "Not spam" link lasts as long. */
export const SPAM_KEPT_DAYS = 30
