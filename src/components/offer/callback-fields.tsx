import type { FieldComponent } from "../forms/field-view"
import type { OfferPageTexts } from "./types"

export type CallbackLabels = OfferPageTexts["callback"]

/** The callback form's fields, drawn with the live (Formik) field or the prerendered one. Only name and phone are required. */
export function CallbackFields({ labels, Field }: { labels: CallbackLabels; Field: FieldComponent }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="name" label={labels.nameLabel} required autoComplete="name" />
        <Field name="phone" label={labels.phoneLabel} type="tel" required autoComplete="tel" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="address" label={labels.addressLabel} autoComplete="address-line1" />
        <Field name="city" label={labels.cityLabel} autoComplete="address-level2" />
      </div>
      <Field name="notes" label={labels.notesLabel} multiline />
    </>
  )
}
