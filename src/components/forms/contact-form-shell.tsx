import { buttonClass } from "../ui/button-class"
import type { ContactFormLabels } from "./contact-form"
import { FieldView } from "./field-view"

/** The contact form as the page is first drawn, disabled until the live form (and Formik) has loaded. */
export function ContactFormShell({ labels }: { labels: ContactFormLabels }) {
  return (
    <form className="relative space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-busy="true">
      <fieldset disabled className="space-y-4">
        <FieldView name="name" label={labels.nameLabel} required autoComplete="name" />
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldView name="email" label={labels.emailLabel} type="email" required autoComplete="email" />
          <FieldView name="phone" label={labels.phoneLabel} type="tel" required autoComplete="tel" />
        </div>
        <FieldView name="message" label={labels.messageLabel} required multiline placeholder={labels.messagePlaceholder} />
        <button type="submit" className={`${buttonClass("primary")} w-full disabled:opacity-60`}>
          {labels.submitLabel}
        </button>
      </fieldset>
    </form>
  )
}
