/**
 * The contact form draws its request's declaration (supabase/functions/_shared/kernel/contact-request.ts): one field
 * per declared field, in its order, labelled from data/contact-page.yaml in the page's language, required as declared,
 * in the live form and in its prerendered shell alike, and sends each under its declared name. The contract both
 * sides use holds the same fields. Read from the declaration: a field added there is tested here.
 */
import { render, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { ContactForm } from "../src/components/forms/contact-form"
import type { SendLead } from "../src/lib/leads/use-lead-form"
import { ContactFormShell } from "../src/components/forms/contact-form-shell"
import { ToastProvider } from "../src/components/ui/toaster"
import { LeadTextsContext } from "../src/lib/leads/lead-texts"
import { LanguageContext } from "../src/lib/i18n/language"
import { CONTACT_REQUEST } from "../supabase/functions/_shared/kernel/contact-request"
import { declaredFields } from "../supabase/functions/_shared/kernel/request-fields"
import { CONTACT_FIELD_NAMES, contactMessageSchema } from "../supabase/functions/_shared/kernel/contract"
import { LANGUAGES, type Language } from "../supabase/functions/_shared/kernel/languages"
import { contactFormTexts, fieldLabelOf, leadTexts } from "./fixtures/data"

const DECLARED = declaredFields(CONTACT_REQUEST)
const VALUES: Record<string, string> = {
  name: "Ann Lee",
  email: "ann@example.com",
  phone: "914-555-0100",
}
const valueOf = (name: string) => VALUES[name] ?? `Zq ${name} value`
/** The field's box by its label as the visitor reads it (a required one's asterisk is hidden from it). */
const box = (language: Language, name: string) =>
  screen.getByRole("textbox", { name: fieldLabelOf(contactFormTexts(language), name) })

describe.each<Language>([...LANGUAGES])("the contact form in %s", (language) => {
  test("the live form and its shell draw each declared field, in order, labelled and required as declared", () => {
    for (const Form of ["live", "shell"] as const) {
      const { unmount } = render(
        Form === "live" ? (
          <ToastProvider dismissLabel="Dismiss">
            <ContactForm labels={contactFormTexts(language)} phone={{ display: "(914) 555-0123" }} call={jest.fn()} />
          </ToastProvider>
        ) : (
          <ContactFormShell labels={contactFormTexts(language)} />
        ),
      )
      const boxes = DECLARED.map(([name]) => box(language, name))
      expect(boxes.map((element) => element.getAttribute("name"))).toEqual(DECLARED.map(([name]) => name))
      for (const [name, field] of DECLARED)
        expect([Form, name, box(language, name).hasAttribute("required")]).toEqual([
          Form,
          name,
          field.input !== "text" || field.required === true,
        ])
      // Nothing but the declared fields (the honeypot is hidden from the visitor).
      expect(screen.getAllByRole("textbox")).toHaveLength(DECLARED.length)
      unmount()
    }
  })

  test("what the visitor types in each field is sent under its declared name", async () => {
    const call = jest.fn<ReturnType<SendLead>, Parameters<SendLead>>(() =>
      Promise.resolve({ ok: true, data: { success: true, message: "ok", error: null } }),
    )
    render(
      <LanguageContext.Provider value={language}>
        <LeadTextsContext.Provider value={leadTexts(language)}>
          <ToastProvider dismissLabel="Dismiss">
            <ContactForm labels={contactFormTexts(language)} phone={{ display: "(914) 555-0123" }} call={call} />
          </ToastProvider>
        </LeadTextsContext.Provider>
      </LanguageContext.Provider>,
    )
    const user = userEvent.setup()
    for (const [name] of DECLARED) await user.type(box(language, name), valueOf(name))
    await user.click(screen.getByRole("button", { name: contactFormTexts(language).submitLabel }))
    await waitFor(() => expect(call).toHaveBeenCalled())
    expect(call.mock.calls[0]?.[0]).toBe("process-contact")
    expect(call.mock.calls[0]?.[1]).toMatchObject(
      Object.fromEntries(DECLARED.map(([field]) => [field, valueOf(field)])),
    )
  })
})

test("the contract both sides use checks exactly the declared fields besides those every body carries", () => {
  const declared = CONTACT_FIELD_NAMES
  expect(declared).toEqual(DECLARED.map(([name]) => name))
  expect(Object.keys(contactMessageSchema.fields)).toEqual(expect.arrayContaining(declared))
  // A required field missing is the visitor's to fix, beside that field; an optional one may be left out.
  const picked = contactMessageSchema.pick(declared)
  for (const [name, field] of DECLARED) {
    const required = field.input !== "text" || field.required === true
    const values = Object.fromEntries(DECLARED.map(([other]) => [other, other === name ? "" : valueOf(other)]))
    if (required) expect(() => picked.validateSync(values)).toThrow()
    else expect(() => picked.validateSync(values)).not.toThrow()
  }
})
