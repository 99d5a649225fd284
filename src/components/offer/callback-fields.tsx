import { nameField, phoneField, streetAddressField } from "../forms/field-presets"
import { FieldRow } from "../forms/field-row"
import type { FieldComponent } from "../forms/field-view"
import type { OfferPageTexts } from "./types"

export type CallbackLabels = OfferPageTexts["callback"]

/** The callback form's fields, drawn with the live (Formik) field or the prerendered one. Only name and phone are required. */
export function CallbackFields({ labels, Field }: { labels: CallbackLabels; Field: FieldComponent }) {
  return (
    <>
      <FieldRow Field={Field} fields={[nameField("name", labels.nameLabel), phoneField(labels.phoneLabel)]} />
      <FieldRow
        Field={Field}
        fields={[
          streetAddressField("address", labels.addressLabel, false),
          { name: "city", label: labels.cityLabel, autoComplete: "address-level2" },
        ]}
      />
      <Field name="notes" label={labels.notesLabel} multiline />
    </>
  )
}
