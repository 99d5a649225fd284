import type { FieldComponent } from "../forms/field-view"
import { RequestFields } from "../forms/request-fields"
import type { BookingFormTexts } from "./types"

/** The booking's fields as its request declares them (kernel/booking-request.ts), drawn live or prerendered. */
export function BookingFields({ texts, Field }: { texts: BookingFormTexts; Field: FieldComponent }) {
  return <RequestFields fields={texts.fields} Field={Field} />
}
