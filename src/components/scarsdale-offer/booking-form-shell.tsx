import { FieldView } from "../forms/field-view"
import { LeadFormShell } from "../forms/lead-form-shell"
import { BookingFields } from "./booking-fields"
import type { BookingFormTexts } from "./types"

/** The booking form as the page is first drawn, disabled until the live form (and Formik) has loaded. */
export function BookingFormShell({ texts }: { texts: BookingFormTexts }) {
  return (
    <LeadFormShell submitLabel={texts.submitLabel} large>
      <BookingFields texts={texts} Field={FieldView} />
    </LeadFormShell>
  )
}
