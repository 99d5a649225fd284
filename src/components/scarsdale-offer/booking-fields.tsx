import { emailField, nameField, phoneField, streetAddressField } from "../forms/field-presets"
import { FieldRow } from "../forms/field-row"
import type { FieldComponent } from "../forms/field-view"
import type { BookingFormTexts } from "./types"

/** The booking's fields, drawn with the live (Formik) field or the prerendered one. */
export function BookingFields({ texts, Field }: { texts: BookingFormTexts; Field: FieldComponent }) {
  return (
    <>
      <Field {...nameField("fullName", texts.fullNameLabel)} />
      <FieldRow Field={Field} fields={[phoneField(texts.phoneLabel), emailField(texts.emailLabel)]} />
      <Field {...streetAddressField("streetAddress", texts.addressLabel)} placeholder={texts.addressPlaceholder} />
    </>
  )
}
