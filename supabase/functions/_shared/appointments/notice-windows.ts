/**
 * The windows a visitor picked, as the office's notice shows them: each with its label and whether it
 * could be confirmed when the request came in, and, when it could, a signed one-tap "Confirm" link (the
 * same rules as "I'm on it": expiring, for this lead only, a preview changes nothing).
 */
import type { AlertConfig } from "../config.ts"
import { fill } from "../kernel/escape.ts"
import { LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import type { EmailSection } from "../mail/layout.ts"
import { confirmUrl } from "../office-links/signed-link.ts"
import type { PreferredWindow } from "./preferences.ts"
import { windowLabel } from "./window-label.ts"

const COPY = LEAD_MESSAGES.appointments

export interface NoticeWindow {
  label: string
  status: string
  /** The "Confirm" link, for a window that could be confirmed. */
  confirm?: { label: string; href: string }
}

/** A window's label: its times when the data knows it, else its id as sent. */
const labelOf = (w: PreferredWindow) =>
  w.startsAt && w.endsAt ? windowLabel({ startsAt: w.startsAt, endsAt: w.endsAt }) : w.id

export function noticeWindows(
  windows: readonly PreferredWindow[],
  alerts: AlertConfig,
  leadId: string,
  to: string,
  at: Date,
  /** The window held for a $49 booking (appointments/hold.ts): its link confirms or releases it. */
  held?: string,
): NoticeWindow[] {
  return windows.map((w) => {
    const label = labelOf(w)
    if (w.unavailable && w.id !== held) return { label, status: COPY.unavailable[w.unavailable] }
    return {
      label,
      status: w.id === held ? COPY.held : COPY.available,
      confirm: { label: fill(COPY.confirmLabel, { window: label }), href: confirmUrl(alerts, leadId, w.id, to, at) },
    }
  })
}

/** The notice's block of windows, each a row, the free ones' "Confirm" buttons under them; none when none was picked. */
export const windowSections = (windows: readonly NoticeWindow[]): EmailSection[] =>
  windows.length === 0
    ? []
    : [
        {
          heading: COPY.noticeHeading,
          level: 2,
          note: COPY.noticeNote,
          rows: windows.map((w) => [w.label, w.status] as const),
          actions: windows.flatMap((w) => (w.confirm ? [w.confirm] : [])),
        },
      ]
