import type { ContactFormLabels } from "./contact-form"
import type { FieldComponent } from "./field-view"

/** The contact form's fields, drawn with the live (Formik) field or the prerendered one. */
export function ContactFields({ labels, Field }: { labels: ContactFormLabels; Field: FieldComponent }) {
  return (
    <>
      <Field name="name" label={labels.nameLabel} required autoComplete="name" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="email" label={labels.emailLabel} type="email" required autoComplete="email" />
        <Field name="phone" label={labels.phoneLabel} type="tel" required autoComplete="tel" />
      </div>
      <Field name="message" label={labels.messageLabel} required multiline placeholder={labels.messagePlaceholder} />
    </>
  )
}
