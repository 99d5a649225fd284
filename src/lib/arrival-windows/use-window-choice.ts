import { useRef } from "react"
import { useLanguage } from "../i18n/language"
import { calendarIn, useArrivalCalendar, type CalendarState } from "./use-arrival-calendar"
import { chosenLabels, offeredChoice, thankYouLine } from "./window-labels"
import type { WindowTexts } from "./window-texts"

export interface WindowChoice {
  /** The picker's calendar. */
  state: CalendarState
  /** A lead's windows field: the picked ones the calendar offers, none when it offers none (the office calls to schedule). */
  sent: (picked: readonly string[]) => { preferredWindows?: string[] }
  /** Keeps the labels of the windows a lead is sent with, for the thank-you line. */
  remember: (sentIds: readonly string[] | undefined) => void
  /** The thank-you line naming the windows sent (null when none was). */
  thankYou: () => string | null
  /** A window's label, as the picker names it (null: the calendar does not list it). */
  labelOf: (id: string) => string | null
}

/** The arrival windows of a one-step form (the offer's callback, the $49 booking): what it sends and says of them. */
export function useWindowChoice(texts: WindowTexts): WindowChoice {
  const state = useArrivalCalendar()
  const language = useLanguage()
  const calendar = calendarIn(state)
  // The form is emptied once accepted: the line is made of the lead sent, which the calendar names.
  const sentLabels = useRef<string[]>([])
  return {
    state,
    sent: (picked) => {
      const windows = offeredChoice(calendar, picked)
      return windows.length > 0 ? { preferredWindows: windows } : {}
    },
    remember: (sentIds) => {
      sentLabels.current = chosenLabels(calendar, sentIds ?? [], texts.windowLabel, language)
    },
    thankYou: () => thankYouLine(texts, sentLabels.current),
    labelOf: (id) => chosenLabels(calendar, [id], texts.windowLabel, language)[0] ?? null,
  }
}
