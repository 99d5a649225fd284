import type { ContactFormLabels } from "./contact-form"
import { emailField, nameField, phoneField } from "./field-presets"
import { FieldRow } from "./field-row"
import type { FieldComponent } from "./field-view"

/** The contact form's fields, drawn with the live (Formik) field or the prerendered one. */
export function ContactFields({ labels, Field }: { labels: ContactFormLabels; Field: FieldComponent }) {
  return (
    <>
      <Field {...nameField("name", labels.nameLabel)} />
      <FieldRow Field={Field} fields={[emailField(labels.emailLabel), phoneField(labels.phoneLabel)]} />
      <Field name="message" label={labels.messageLabel} required multiline placeholder={labels.messagePlaceholder} />
    </>
  )
}
