import { FieldView } from "../forms/field-view"
import { buttonClass } from "../ui/button-class"
import { BookingFields } from "./booking-fields"
import type { BookingFormTexts } from "./types"

export const BOOKING_FORM_CLASS = "relative space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"

/** The booking form as the page is first drawn, disabled until the live form (and Formik) has loaded. */
export function BookingFormShell({ texts }: { texts: BookingFormTexts }) {
  return (
    <form className={BOOKING_FORM_CLASS} aria-busy="true">
      <fieldset disabled className="space-y-4">
        <BookingFields texts={texts} Field={FieldView} />
        <button type="submit" className={`${buttonClass("primary")} w-full text-lg disabled:opacity-60`}>
          {texts.submitLabel}
        </button>
      </fieldset>
    </form>
  )
}
