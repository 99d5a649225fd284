import { emailField, nameField, phoneField } from "./field-presets"
import { FieldRow } from "./field-row"
import type { FieldComponent } from "./field-view"

export interface ContactFieldLabels {
  readonly nameLabel: string
  readonly emailLabel: string
  readonly phoneLabel: string
  readonly messageLabel: string
  readonly messagePlaceholder: string
}

/** The contact form's fields, drawn with the live (Formik) field or the prerendered one. */
export function ContactFields({ labels, Field }: { labels: ContactFieldLabels; Field: FieldComponent }) {
  return (
    <>
      <Field {...nameField("name", labels.nameLabel)} />
      <FieldRow Field={Field} fields={[emailField(labels.emailLabel), phoneField(labels.phoneLabel)]} />
      <Field name="message" label={labels.messageLabel} required multiline placeholder={labels.messagePlaceholder} />
    </>
  )
}
