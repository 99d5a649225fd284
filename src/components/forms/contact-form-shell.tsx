import { buttonClass } from "../ui/button-class"
import type { ContactFormLabels } from "./contact-form"
import { ContactFields } from "./contact-fields"
import { FieldView } from "./field-view"

/** The contact form as the page is first drawn, disabled until the live form (and Formik) has loaded. */
export function ContactFormShell({ labels }: { labels: ContactFormLabels }) {
  return (
    <form className="relative space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-busy="true">
      <fieldset disabled className="space-y-4">
        <ContactFields labels={labels} Field={FieldView} />
        <button type="submit" className={`${buttonClass("primary")} w-full disabled:opacity-60`}>
          {labels.submitLabel}
        </button>
      </fieldset>
    </form>
  )
}
