import { errorsFrom, loadContract } from "../../lib/leads/contract-loader"
import { failureNotices, withPhone } from "../../lib/leads/notices"
import { useFieldErrorTexts, useLeadTexts } from "../../lib/leads/lead-texts"
import type { FieldErrorTexts } from "../../../supabase/functions/_shared/kernel/field-errors.ts"
import type { SendLead } from "../../lib/leads/use-lead-form"
import { phoneE164 } from "../../lib/lead-tracking"
import { RequestFields, type RequestFieldData } from "./request-fields"
import type { ContactFieldName } from "../../../supabase/functions/_shared/kernel/contact-request.ts"
import { LeadForm } from "./lead-form"
import { TextField } from "./text-field"
import type { ContactPageTexts } from "../../../gatsby/data-schemas/contact-page"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"

/** The form's texts, each field's words with its declared outline (gatsby/schema.ts). */
export type ContactFormLabels = Omit<ReadonlyData<ContactPageTexts["form"]>, "fields"> & {
  readonly fields: readonly RequestFieldData[]
}

type Values = Record<ContactFieldName | "website", string>

/** Every field empty, and the honeypot beside them. */
const initialValues = (fields: readonly RequestFieldData[]): Values =>
  // The build checks the data lists each declared field once (request-field-texts.ts): these are their names.
  Object.fromEntries([...fields.map(({ name }) => name), "website"].map((name) => [name, ""])) as Values

async function validate({ website: _honeypot, ...fields }: Values, words: FieldErrorTexts | null) {
  const { contactMessageSchema, CONTACT_FIELD_NAMES } = await loadContract()
  return errorsFrom(contactMessageSchema.pick(CONTACT_FIELD_NAMES), fields, words)
}

/** The contact page's message form: fields kept on failure, cleared on success. */
export interface ContactFormProps {
  labels: ContactFormLabels
  phone: { display: string }
  call?: SendLead
}

export function ContactForm({ labels, phone, call }: ContactFormProps) {
  const texts = useLeadTexts()
  const words = useFieldErrorTexts()
  return (
    <LeadForm
      config={{
        form: "contact",
        lead: (fields: Omit<Values, "website">) => fields,
        send: (lead, post) => post("process-contact", lead),
        tracking: (lead) => ({
          value: texts?.values.contact,
          user: { email: lead.email.trim(), phone_number: phoneE164(lead.phone) },
        }),
        notices: {
          accepted: (answer) => ({
            title: labels.successTitle,
            description: typeof answer.message === "string" ? answer.message : undefined,
          }),
          ...failureNotices(labels, withPhone(phone)),
        },
        call,
      }}
      initialValues={initialValues(labels.fields)}
      validate={(values) => validate(values, words)}
      submitLabel={labels.submitLabel}
      busyLabel={labels.sendingLabel}
    >
      <RequestFields fields={labels.fields} Field={TextField} />
    </LeadForm>
  )
}
