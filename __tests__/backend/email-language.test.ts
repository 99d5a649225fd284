/** @jest-environment node */
/**
 * An e-mail says the language it is written in: a Spanish visitor's confirmations are `<html lang="es-US">`
 * (a screen reader reads them with Spanish pronunciation) with the licence line in Spanish; the office's
 * notice stays in the default language. The tags and the words come from their one declaration each
 * (kernel/languages.ts, data/site.yaml through the functions' copy).
 */
import {
  contactMessageSchema,
  estimateLeadSchema,
  estimateRequestSchema,
} from "../../supabase/functions/_shared/kernel/contract"
import { escapeHtml } from "../../supabase/functions/_shared/kernel/escape"
import { LANGUAGE_FORMS, LANGUAGES } from "../../supabase/functions/_shared/kernel/languages"
import { CUSTOMER_TEXTS } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { visitEmail } from "../../supabase/functions/_shared/appointments/confirmation"
import {
  companyNotification,
  contactConfirmation,
  estimateConfirmation,
} from "../../supabase/functions/_shared/mail/templates"
import { bodies } from "./helpers"

const htmlLang = (html: string) => /<html lang="([^"]*)">/.exec(html)?.[1]

describe.each(LANGUAGES)("a visitor writing in %s", (language) => {
  const { tag } = LANGUAGE_FORMS[language]
  const licence = CUSTOMER_TEXTS[language].licenseLine

  test("gets confirmations marked with the language's tag, the licence line in it", () => {
    const estimate = estimateConfirmation(
      estimateRequestSchema.validateSync({ ...bodies.estimateRequest(), language }),
      "WEB123456",
    )
    const contact = contactConfirmation(
      contactMessageSchema.validateSync({ ...bodies.contact(), language }),
      "WEB123457",
    )
    for (const email of [estimate, contact]) {
      expect(htmlLang(email.html)).toBe(tag)
      expect(email.html).toContain(escapeHtml(licence))
      expect(email.text).toContain(licence)
    }
  })

  test("gets a visit's e-mail marked with the language's tag", () => {
    const email = visitEmail(
      {
        id: "lead-1",
        reference: "WEB123456",
        fullName: "Maria Lopez",
        email: "maria@example.com",
        phone: "+19145550100",
        address: "5 Popham Rd, Scarsdale, NY 10583",
        smsConsent: false,
        pests: [],
        language,
      },
      "jue, 26 de nov",
      { subject: "s", heading: "h", intro: "i" },
    )
    expect(htmlLang(email.html)).toBe(tag)
  })

  test("leaves the office's notice in the default language", () => {
    const body = { ...estimateLeadSchema.validateSync(bodies.estimateLead()), language }
    const notice = companyNotification({ kind: "estimate", body }, "WEB123456")
    expect(htmlLang(notice.html)).toBe(LANGUAGE_FORMS.en.tag)
    expect(notice.text).toContain(CUSTOMER_TEXTS.en.licenseLine)
  })
})

test("a Spanish confirmation is es-US and its licence line is not the English one", () => {
  const email = estimateConfirmation(
    estimateRequestSchema.validateSync({ ...bodies.estimateRequest(), language: "es" }),
    "WEB123456",
  )
  expect(htmlLang(email.html)).toBe("es-US")
  expect(email.text).not.toContain(CUSTOMER_TEXTS.en.licenseLine)
})
