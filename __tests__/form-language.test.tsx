/**
 * A form on a Spanish page says its field messages in Spanish, from the page's LeadTexts (the
 * es: section of data/lead-messages.yaml's fieldErrors), whether its own check refuses a field or the
 * functions do (their answer's `codes`); it sends the page's language and the Spanish consent version.
 * The words are read from the data through the functions' copy, so the test holds whatever the translators write.
 */
import { render, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { ContactForm } from "../src/components/forms/contact-form"
import { ToastProvider } from "../src/components/ui/toaster"
import type { CallResult } from "../src/lib/leads/api"
import { LeadTextsContext, type LeadTexts } from "../src/lib/leads/lead-texts"
import { LanguageContext } from "../src/lib/i18n/language"
import { shownConsent, type LeadConsentData, type LeadValues } from "../gatsby/shown-consent"
import { fieldErrorMessage, type FieldErrorTexts } from "../supabase/functions/_shared/kernel/field-errors"
import { CUSTOMER_TEXTS } from "../supabase/functions/_shared/kernel/site-data.generated"
import type { Language } from "../supabase/functions/_shared/kernel/languages"
import { contactFormTexts, fieldErrorsIn, readData } from "./fixtures/data"
import { keptCalls, outboxSend } from "./fixtures/answers"

const labels = contactFormTexts()
const site = readData<{ name: string; leadValues: LeadValues }>("site.yaml")
const SPANISH = fieldErrorsIn("es")

/** The page's lead texts in `language`, as the `shown` resolver makes them from that language's nodes. */
const textsIn = (language: Language, fieldErrors: FieldErrorTexts = fieldErrorsIn(language)): LeadTexts => {
  const { consent } = CUSTOMER_TEXTS[language]
  const data = readData<LeadConsentData>("lead-consent.yaml")
  const translated: LeadConsentData = {
    ...data,
    versions: consent.versions,
    sms: { ...data.sms, versions: consent.sms.versions },
  }
  return shownConsent(translated, site.name, site.leadValues, {
    language,
    fieldErrors,
    turnstile: CUSTOMER_TEXTS[language].messages.turnstile,
  })
}

function renderForm(call: jest.Mock, texts: LeadTexts, language: Language = "es") {
  render(
    <LanguageContext.Provider value={language}>
      <LeadTextsContext.Provider value={texts}>
        <ToastProvider dismissLabel="Dismiss">
          <ContactForm labels={labels} phone={{ display: "(914) 555-0123" }} call={call} />
        </ToastProvider>
      </LeadTextsContext.Provider>
    </LanguageContext.Provider>,
  )
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, email = "ann@example.com") {
  await user.type(screen.getByLabelText(/^Name/), "Ana López")
  await user.type(screen.getByLabelText(/^Email/), email)
  await user.type(screen.getByLabelText(/^Phone/), "914-555-0100")
  await user.type(screen.getByLabelText(/^Message/), "Hormigas en la cocina")
}

test("the form's own check says a refused field in the page's words of its code", async () => {
  const call = jest.fn()
  renderForm(call, textsIn("es"))
  const user = userEvent.setup()
  await user.type(screen.getByLabelText(/^Email/), "ana.example.com")
  await user.click(screen.getByRole("button", { name: labels.submitLabel }))
  expect(await screen.findByText(fieldErrorMessage({ code: "emailInvalid" }, SPANISH))).toBeInTheDocument()
  expect(screen.getByText(fieldErrorMessage({ code: "enter", field: "name" }, SPANISH))).toBeInTheDocument()
  expect(call).not.toHaveBeenCalled()
})

test("the words come from the page's texts, not the contract's English", async () => {
  // The es: texts may still be English copies: a page's own words, whatever they are, are the ones shown.
  const marked = { ...SPANISH, emailInvalid: "Escriba un correo electrónico válido (prueba)" }
  renderForm(jest.fn(), textsIn("es", marked))
  const user = userEvent.setup()
  await user.type(screen.getByLabelText(/^Email/), "ana.example.com")
  await user.click(screen.getByRole("button", { name: labels.submitLabel }))
  expect(await screen.findByText("Escriba un correo electrónico válido (prueba)")).toBeInTheDocument()
})

/** The contact form on a Spanish page, sent and refused by the functions with this field's words and code. */
async function refusedWith(fields: Record<string, string>, codes: Record<string, { code: string }>) {
  localStorage.clear()
  jest.spyOn(console, "error").mockImplementation(() => undefined)
  const refused: CallResult = {
    ok: false,
    reason: "http",
    status: 400,
    data: { success: false, error: "Some fields are missing or invalid", fields, codes },
  }
  const { send } = outboxSend([refused])
  renderForm(send, textsIn("es"))
  const user = userEvent.setup()
  await fillIn(user)
  await user.click(screen.getByRole("button", { name: labels.submitLabel }))
}

afterEach(() => {
  jest.restoreAllMocks()
})

test("a refusal from the functions is said from its code in the page's words, not the answer's English", async () => {
  await refusedWith({ email: "The server's English words" }, { email: { code: "emailInvalid" } })
  expect(await screen.findByText(fieldErrorMessage({ code: "emailInvalid" }, SPANISH))).toBeInTheDocument()
  expect(screen.queryByText("The server's English words")).toBeNull()
  expect(screen.getByLabelText(/^Email/)).toHaveAttribute("aria-invalid", "true")
  expect(keptCalls()).toEqual([])
})

test("a code the site does not know is said in the answer's own words", async () => {
  await refusedWith({ email: "A newer rule's words" }, { email: { code: "emailFromTheFuture" } })
  expect(await screen.findByText("A newer rule's words")).toBeInTheDocument()
})

test("a Spanish page sends its language and the Spanish consent version", async () => {
  const call = jest.fn(() => Promise.resolve<CallResult>({ ok: true, data: { success: true, message: "¡Gracias!" } }))
  renderForm(call, textsIn("es"))
  const user = userEvent.setup()
  await fillIn(user)
  await user.click(screen.getByRole("button", { name: labels.submitLabel }))
  await waitFor(() => {
    expect(call).toHaveBeenCalledTimes(1)
  })
  expect(call).toHaveBeenCalledWith(
    "process-contact",
    expect.objectContaining({
      language: "es",
      consent: { version: "contact-2026-11-es", at: expect.any(String) as unknown },
    }),
    expect.anything(),
  )
})
