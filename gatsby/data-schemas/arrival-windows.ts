/** data/arrival-windows.yaml: the arrival windows of each weekday, their capacity, and how far ahead they are offered. */
import { array, number, type InferType } from "yup"
import { WEEK } from "../../src/lib/hours"
import { clockTime, strictObject, text } from "./fields"

/** A window: from start to end (24-hour, the company's clock), taking up to `visits` visits. */
const arrivalWindow = () =>
  strictObject({
    start: clockTime(),
    end: clockTime().test("after-start", "must be after start", function (end) {
      const { start } = this.parent as { start?: unknown }
      return typeof start !== "string" || end > start
    }),
    visits: number().required().integer().min(1).max(50),
  })

/** A weekday's windows, in order and not overlapping (none: the day offers no visits). */
const dayWindows = () =>
  array()
    .of(arrivalWindow())
    .required()
    .test("in-order", "windows must be in order of start and must not overlap", (windows) =>
      windows.every((w, i, all) => i === 0 || (all[i - 1]?.end ?? "") <= w.start),
    )

/** A text that must name each of `placeholders` ({max}…), which the picker fills in. */
const textNaming = (...placeholders: readonly string[]) =>
  placeholders.reduce(
    // Anchored: the editor tests a pattern against the whole text.
    (schema, name) => schema.matches(new RegExp(`^[\\s\\S]*\\{${name}\\}[\\s\\S]*$`), `must name {${name}}`),
    text(),
  )

/** What the forms' window picker shows (src/components/forms/window-picker.tsx) and the review and thank-you say. */
const pickerTexts = () =>
  strictObject({
    legend: text(),
    help: text(),
    /** The default choice: nothing picked, the office calls. */
    callMeLabel: text(),
    loading: text(),
    /** The calendar could not be loaded; the form still sends. */
    unavailable: text(),
    noneFree: text(),
    tooMany: textNaming("max"),
    reviewLabel: text(),
    /** After two or more windows ({windows}: their labels); thankYouLineOne after one, so the words agree with the count. */
    thankYouLine: textNaming("windows"),
    thankYouLineOne: textNaming("windows"),
    /** One window: {day} (Tue, Dec 1), {start} and {end} (8:00 AM). */
    windowLabel: textNaming("day", "start", "end"),
  })

export const arrivalWindowsSchema = strictObject({
  daysAhead: number().required().integer().min(1).max(60),
  noticeMinutes: number()
    .required()
    .integer()
    .min(0)
    .max(7 * 24 * 60),
  maxChoices: number().required().integer().min(1).max(5),
  texts: pickerTexts(),
  weekdays: strictObject(
    Object.fromEntries(WEEK.map((day) => [day, dayWindows()])) as Record<
      (typeof WEEK)[number],
      ReturnType<typeof dayWindows>
    >,
  ),
})

export type ArrivalWindowsData = InferType<typeof arrivalWindowsSchema>
export type ArrivalWindowTexts = ArrivalWindowsData["texts"]
