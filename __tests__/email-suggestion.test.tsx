/**
 * The e-mail field's typo hint (src/components/forms/email-suggestion.tsx, on every form's live e-mail field):
 * once the visitor leaves the field with a likely typo, "Did you mean ana@gmail.com?" shows under it in the
 * page's language (data/lead-messages.yaml fieldErrors.emailSuggestion), its address a button that fills it
 * in; nothing is refused: an address kept as typed is sent as typed. The contact form stands for them all.
 */
import { render, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { ContactForm } from "../src/components/forms/contact-form"
import { ToastProvider } from "../src/components/ui/toaster"
import { LeadTextsContext } from "../src/lib/leads/lead-texts"
import { LanguageContext } from "../src/lib/i18n/language"
import { fill } from "../supabase/functions/_shared/kernel/escape"
import type { Language } from "../supabase/functions/_shared/kernel/languages"
import { contactFormTexts as labelsIn, fieldErrorsIn, fieldLabelOf, leadTexts } from "./fixtures/data"

const labelOf = (language: Language, name: string) => fieldLabelOf(labelsIn(language), name)

function renderForm(call: jest.Mock, language: Language) {
  render(
    <LanguageContext.Provider value={language}>
      <LeadTextsContext.Provider value={leadTexts(language)}>
        <ToastProvider dismissLabel="Dismiss">
          <ContactForm labels={labelsIn(language)} phone={{ display: "(914) 555-0123" }} call={call} />
        </ToastProvider>
      </LeadTextsContext.Provider>
    </LanguageContext.Provider>,
  )
}

const emailField = (language: Language) => screen.getByLabelText(new RegExp(`^${labelOf(language, "email")}`))

/** The hint's sentence in `language`, as the visitor reads it. */
const hintText = (language: Language, address: string) => fill(fieldErrorsIn(language).emailSuggestion, { address })

afterEach(() => localStorage.clear())

describe.each<Language>(["en", "es"])("on a page in %s", (language) => {
  test("a likely typo gets the suggestion under the field once the visitor leaves it, and its button fills it in", async () => {
    renderForm(jest.fn(), language)
    const user = userEvent.setup()
    await user.type(emailField(language), "ana@gmail.con")
    // Not while typing: only once the visitor has left the field.
    expect(screen.queryByRole("button", { name: "ana@gmail.com" })).not.toBeInTheDocument()
    await user.tab()
    const suggestion = await screen.findByRole("button", { name: "ana@gmail.com" })
    expect(suggestion.closest("p")).toHaveTextContent(hintText(language, "ana@gmail.com"))
    // Under the e-mail field, in its own block.
    expect(emailField(language).parentElement).toContainElement(suggestion)

    await user.click(suggestion)
    expect(emailField(language)).toHaveValue("ana@gmail.com")
    await waitFor(() => expect(screen.queryByRole("button", { name: "ana@gmail.com" })).not.toBeInTheDocument())
  })

  test("the hint never refuses: an address kept as typed is sent as typed", async () => {
    const call = jest.fn(() => Promise.resolve({ ok: true, data: { success: true, message: "ok", error: null } }))
    renderForm(call, language)
    const user = userEvent.setup()
    const labels = labelsIn(language)
    await user.type(screen.getByLabelText(new RegExp(`^${fieldLabelOf(labels, "name")}`)), "Ana López")
    await user.type(emailField(language), "ana@hotmial.com")
    await user.type(screen.getByLabelText(new RegExp(`^${fieldLabelOf(labels, "phone")}`)), "914-555-0100 ext. 12")
    await user.type(screen.getByLabelText(new RegExp(`^${fieldLabelOf(labels, "message")}`)), "Hormigas")
    expect(await screen.findByRole("button", { name: "ana@hotmail.com" })).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: labels.submitLabel }))
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        "process-contact",
        expect.objectContaining({ email: "ana@hotmial.com", phone: "914-555-0100 ext. 12" }),
        expect.anything(),
      ),
    )
  })

  test("no hint for an address that looks right, an internationalised one, one with a non-ASCII name, a Mexican domain", async () => {
    renderForm(jest.fn(), language)
    const user = userEvent.setup()
    for (const address of ["ana@gmail.com", "ana@bücher.de", "josé@ejemplo.mx", "ana@yahoo.com.mx"]) {
      await user.clear(emailField(language))
      await user.type(emailField(language), address)
      await user.tab()
      expect(
        screen.queryByText(new RegExp(fieldErrorsIn(language).emailSuggestion.split("{address}")[0] ?? "")),
      ).toBeNull()
    }
  })
})
