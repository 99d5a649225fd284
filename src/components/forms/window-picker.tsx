import { useFormikContext } from "formik"
import { useId } from "react"
import type { CalendarState } from "../../lib/arrival-windows/use-arrival-calendar"
import { fill } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { windowLabel, windowsByDay } from "../../lib/arrival-windows/window-labels"
import type { WindowTexts } from "../../lib/arrival-windows/window-texts"
import { useLanguage } from "../../lib/i18n/language"

const OPTION_CLASS =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-slate-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
const BOX_CLASS = "h-5 w-5 shrink-0 accent-brand-700"

/**
 * "When would you like us to come?": up to maxChoices arrival windows, grouped by day, in the form value
 * `preferredWindows`. "Call me to schedule" (nothing picked) is the default and clears the choice. While the
 * calendar loads, or when it cannot be had, the picker says so and the form sends without windows.
 */
export function WindowPicker({ texts, state }: { texts: WindowTexts; state: CalendarState }) {
  const { values, setFieldValue } = useFormikContext<{ preferredWindows: string[] }>()
  const id = useId()
  const language = useLanguage()
  const chosen = values.preferredWindows
  const set = (ids: string[]) => void setFieldValue("preferredWindows", ids)
  const calendar = state.status === "ready" ? state.calendar : null
  const days = calendar
    ? windowsByDay({ ...calendar, windows: calendar.windows.filter((w) => w.free > 0) }, language)
    : []
  const full = calendar !== null && chosen.length >= calendar.maxChoices
  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={`${id}-help`}>
      <legend className="text-lg font-semibold text-slate-900">{texts.legend}</legend>
      <p id={`${id}-help`} className="text-sm text-slate-700">
        {texts.help}
      </p>
      <label className={OPTION_CLASS}>
        <input
          type="checkbox"
          name="callToSchedule"
          className={BOX_CLASS}
          checked={chosen.length === 0}
          onChange={() => {
            set([])
          }}
        />
        <span className="font-semibold">{texts.callMeLabel}</span>
      </label>
      <p aria-live="polite" className="text-sm text-slate-700 empty:hidden">
        {state.status === "loading"
          ? texts.loading
          : state.status === "unavailable"
            ? texts.unavailable
            : days.length === 0
              ? texts.noneFree
              : full
                ? fill(texts.tooMany, { max: String(calendar.maxChoices) })
                : ""}
      </p>
      {calendar &&
        days.map((day) => (
          <div key={day.date} role="group" aria-labelledby={`${id}-${day.date}`} className="space-y-2">
            <p id={`${id}-${day.date}`} className="font-semibold text-slate-800">
              {day.day}
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              {day.windows.map((window) => {
                const checked = chosen.includes(window.id)
                return (
                  <label key={window.id} className={OPTION_CLASS}>
                    <input
                      type="checkbox"
                      name="preferredWindows"
                      value={window.id}
                      className={BOX_CLASS}
                      checked={checked}
                      disabled={!checked && full}
                      onChange={() => {
                        set(checked ? chosen.filter((c) => c !== window.id) : [...chosen, window.id])
                      }}
                    />
                    <span>{windowLabel(window, calendar.timeZone, texts.windowLabel, language)}</span>
                  </label>
                )
              })}
            </div>
          </div>
        ))}
    </fieldset>
  )
}
