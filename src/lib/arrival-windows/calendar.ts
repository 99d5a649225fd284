/**
 * The arrival-window calendar as the public arrival-windows function answers it, fetched with a plain GET
 * (no supabase-js) and checked field by field: a calendar that cannot be reached or answers badly is
 * `null`, and the forms then send without windows (no lead is lost to the calendar).
 */
import { backendConfig } from "../backend-config"

/** Past this, the picker gives up and says the office will call to schedule. */
export const CALENDAR_TIMEOUT_MS = 4_000

export interface CalendarWindow {
  /** 2026-12-01@08:00: the local date @ start, on the company's clock. */
  id: string
  date: string
  start: string
  end: string
  /** ISO instants (UTC). */
  startsAt: string
  endsAt: string
  /** Visits still free; a full window (0) is listed but cannot be picked. */
  free: number
}

export interface Calendar {
  timeZone: string
  maxChoices: number
  windows: CalendarWindow[]
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

const STRING_FIELDS = ["id", "date", "start", "end", "startsAt", "endsAt"] as const

function windowOf(value: unknown): CalendarWindow | null {
  if (!isRecord(value) || typeof value.free !== "number") return null
  const [id, date, start, end, startsAt, endsAt] = STRING_FIELDS.map((field) => value[field])
  if (![id, date, start, end, startsAt, endsAt].every((field) => typeof field === "string")) return null
  return {
    id: String(id),
    date: String(date),
    start: String(start),
    end: String(end),
    startsAt: String(startsAt),
    endsAt: String(endsAt),
    free: value.free,
  }
}

/** The answer as a calendar, or null when it is not one (any window malformed included). */
export function calendarOf(answer: unknown): Calendar | null {
  if (!isRecord(answer) || answer.success !== true || !Array.isArray(answer.windows)) return null
  const { timeZone, maxChoices } = answer
  if (typeof timeZone !== "string" || typeof maxChoices !== "number" || maxChoices < 1) return null
  const windows = answer.windows.map(windowOf)
  if (windows.some((window) => window === null)) return null
  try {
    new Intl.DateTimeFormat("en-US", { timeZone })
  } catch {
    return null
  }
  return { timeZone, maxChoices, windows: windows.filter((window) => window !== null) }
}

/** The calendar now, or null after CALENDAR_TIMEOUT_MS, on a network error, a non-2xx answer or a bad body. */
export async function fetchCalendar(timeoutMs = CALENDAR_TIMEOUT_MS): Promise<Calendar | null> {
  try {
    const response = await fetch(`${backendConfig.url}/functions/v1/arrival-windows`, {
      headers: { apikey: backendConfig.anonKey, Authorization: `Bearer ${backendConfig.anonKey}` },
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) return null
    return calendarOf(await response.json())
  } catch {
    return null
  }
}
