import type { ContactFormLabels } from "./contact-form"
import { ContactFields } from "./contact-fields"
import { FieldView } from "./field-view"
import { LeadFormShell } from "./lead-form-shell"

/** The contact form as the page is first drawn, disabled until the live form (and Formik) has loaded. */
export function ContactFormShell({ labels }: { labels: ContactFormLabels }) {
  return (
    <LeadFormShell submitLabel={labels.submitLabel}>
      <ContactFields labels={labels} Field={FieldView} />
    </LeadFormShell>
  )
}
