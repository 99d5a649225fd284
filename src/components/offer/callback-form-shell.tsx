import { FieldView, type FieldProps } from "../forms/field-view"
import { LeadFormShell } from "../forms/lead-form-shell"
import { CallbackFields, type CallbackLabels } from "./callback-fields"

/** The callback form as the page is first drawn, disabled until the live form (and Formik) has loaded. */
export function CallbackFormShell({ labels, city }: { labels: CallbackLabels; city: string }) {
  const Field = (props: FieldProps) => <FieldView {...props} defaultValue={props.name === "city" ? city : undefined} />
  return (
    <LeadFormShell submitLabel={labels.submitLabel}>
      <CallbackFields labels={labels} Field={Field} />
    </LeadFormShell>
  )
}
