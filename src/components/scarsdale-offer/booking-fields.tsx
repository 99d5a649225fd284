import type { FieldComponent } from "../forms/field-view"
import type { BookingFormTexts } from "./types"

/** The booking's fields, drawn with the live (Formik) field or the prerendered one. */
export function BookingFields({ texts, Field }: { texts: BookingFormTexts; Field: FieldComponent }) {
  return (
    <>
      <Field name="fullName" label={texts.fullNameLabel} required autoComplete="name" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="phone" label={texts.phoneLabel} type="tel" required autoComplete="tel" />
        <Field name="email" label={texts.emailLabel} type="email" required autoComplete="email" />
      </div>
      <Field
        name="streetAddress"
        label={texts.addressLabel}
        required
        autoComplete="address-line1"
        placeholder={texts.addressPlaceholder}
      />
    </>
  )
}
