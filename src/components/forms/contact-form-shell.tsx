import type { ContactFormLabels } from "./contact-form"
import { FieldView } from "./field-view"
import { LeadFormShell } from "./lead-form-shell"
import { RequestFields } from "./request-fields"

/** The contact form as the page is first drawn, disabled until the live form (and Formik) has loaded. */
export function ContactFormShell({ labels }: { labels: ContactFormLabels }) {
  return (
    <LeadFormShell submitLabel={labels.submitLabel}>
      <RequestFields fields={labels.fields} Field={FieldView} />
    </LeadFormShell>
  )
}
