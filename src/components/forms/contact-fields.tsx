import { CONTACT_REQUEST } from "../../../supabase/functions/_shared/kernel/requests/contact.ts"
import type { FieldComponent } from "./field-view"
import { RequestFields, type RequestFieldTexts } from "./request-fields"

/** The contact form's fields as its request declares them, drawn with the live (Formik) field or the prerendered one. */
export function ContactFields({ labels, Field }: { labels: { fields: readonly RequestFieldTexts[] }; Field: FieldComponent }) {
  return <RequestFields request={CONTACT_REQUEST} texts={labels.fields} Field={Field} />
}
