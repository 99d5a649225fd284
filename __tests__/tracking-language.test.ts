/** Analytics by language: the page view and every event of ours carry the page's language. */
import { setTrackingLanguage, trackEvent } from "../src/lib/tracking"
import { languageOfPath } from "../supabase/functions/_shared/kernel/languages"

afterEach(() => {
  delete window.gtag
})

test("a page's language is read from its address", () => {
  expect(languageOfPath("/")).toBe("en")
  expect(languageOfPath("/services/ants/")).toBe("en")
  expect(languageOfPath("/es")).toBe("es")
  expect(languageOfPath("/es/servicios/hormigas/")).toBe("es")
  expect(languageOfPath("/estimate/")).toBe("en")
})

test("the tag's page view gets the language through set, and our events name it", () => {
  const gtag = jest.fn()
  window.gtag = gtag
  setTrackingLanguage("es")
  expect(gtag).toHaveBeenCalledWith("set", { page_language: "es" })
  trackEvent("generate_lead", { form: "contact" })
  expect(gtag).toHaveBeenLastCalledWith("event", "generate_lead", { page_language: "es", form: "contact" })
  setTrackingLanguage("en")
  trackEvent("form_submit", { form: "estimate" })
  expect(gtag).toHaveBeenLastCalledWith("event", "form_submit", { page_language: "en", form: "estimate" })
})

test("without the tag the language is kept for later events and nothing breaks", () => {
  setTrackingLanguage("es")
  const gtag = jest.fn()
  window.gtag = gtag
  trackEvent("phone_call", { link_location: "header" })
  expect(gtag).toHaveBeenCalledWith("event", "phone_call", { page_language: "es", link_location: "header" })
})
