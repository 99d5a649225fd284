import { ContactFormShell } from "../forms/contact-form-shell"
import type { ContactFormLabels } from "../forms/contact-form"
import { Deferred } from "../forms/deferred"
import { ToastProvider } from "../ui/toaster"
import { ContactPage, type ContactContent, type ContactPageProps } from "./contact-page"

// The form (with Formik) loads after the page; the shell is what the build prerenders.
const loadContactForm = () => import("../forms/contact-form").then((m) => m.ContactForm)

export interface ContactPageWithFormProps extends Omit<ContactPageProps, "form" | "content"> {
  content: ContactContent & {
    readonly formHeading: string
    readonly formIntro: string
    readonly form: ContactFormLabels
  }
  /** Names the close button of the form's notices. */
  dismissLabel: string
}

/** /contact: the contact cards with the message form beside them; the form's notices are toasts. */
export function ContactPageWithForm({ content, dismissLabel, ...page }: ContactPageWithFormProps) {
  return (
    <ToastProvider dismissLabel={dismissLabel}>
      <ContactPage
        {...page}
        content={content}
        form={
          <section aria-labelledby="contact-form-heading">
            <h2 id="contact-form-heading" className="mb-3 text-xl font-bold text-brand-900">
              {content.formHeading}
            </h2>
            <p className="mb-4 text-slate-700">{content.formIntro}</p>
            <Deferred
              load={loadContactForm}
              props={{ labels: content.form, phone: page.phone }}
              placeholder={<ContactFormShell labels={content.form} />}
            />
          </section>
        }
      />
    </ToastProvider>
  )
}
