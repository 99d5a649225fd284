import type { ArrivalWindowTexts } from "../../../gatsby/data-schemas/arrival-windows"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"

/** data/arrival-windows.yaml's texts: what the window picker, the review and the thank-you views say. */
export type WindowTexts = ReadonlyData<ArrivalWindowTexts>

/** The form value the picker sets: the chosen window ids (none: "Call me to schedule"). */
export const WINDOWS_FIELD = "preferredWindows"
