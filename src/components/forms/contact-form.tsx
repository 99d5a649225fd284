import { fill } from "../../../supabase/functions/_shared/mail/escape.ts"
import { errorsFrom, loadContract } from "../../lib/leads/contract-loader"
import type { SendLead } from "../../lib/leads/use-lead-form"
import { ContactFields } from "./contact-fields"
import { LeadForm } from "./lead-form"
import { TextField } from "./text-field"

export interface ContactFormLabels {
  readonly nameLabel: string
  readonly emailLabel: string
  readonly phoneLabel: string
  readonly messageLabel: string
  readonly messagePlaceholder: string
  readonly submitLabel: string
  readonly sendingLabel: string
  readonly successTitle: string
  readonly errorTitle: string
  readonly errorText: string
  readonly pendingTitle: string
  readonly pendingText: string
}

const INITIAL = { name: "", email: "", phone: "", message: "", website: "" }
type Values = typeof INITIAL

async function validate({ website: _honeypot, ...fields }: Values) {
  const { contactMessageSchema } = await loadContract()
  return errorsFrom(contactMessageSchema.pick(["name", "email", "phone", "message"]), fields)
}

/** The contact page's message form: fields kept on failure, cleared on success (SPEC §4, §8). */
export function ContactForm({
  labels,
  phone,
  call,
}: {
  labels: ContactFormLabels
  phone: { display: string }
  call?: SendLead
}) {
  const withPhone = (text: string) => fill(text, { phone: phone.display })
  return (
    <LeadForm
      initialValues={INITIAL}
      validate={validate}
      submitLabel={labels.submitLabel}
      busyLabel={labels.sendingLabel}
      config={{
        form: "contact",
        lead: (fields: Omit<Values, "website">) => fields,
        send: (lead, post) => post("process-contact", lead),
        notices: {
          accepted: (answer) => ({
            title: labels.successTitle,
            description: typeof answer.message === "string" ? answer.message : undefined,
          }),
          pending: { title: labels.pendingTitle, description: withPhone(labels.pendingText) },
          refused: { title: labels.errorTitle, description: withPhone(labels.errorText) },
        },
        call,
      }}
    >
      <ContactFields labels={labels} Field={TextField} />
    </LeadForm>
  )
}
