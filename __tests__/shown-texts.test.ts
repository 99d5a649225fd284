/**
 * @jest-environment node
 *
 * `LeadConsentYaml.shown`, what a page's forms show and record, is worked out in the consent node's
 * own language: its consent versions are that language's (`contact-2026-11-es`), and its field messages are
 * the words of the LeadMessagesYaml node of the same language.
 */
import { resolveShown } from "../gatsby/schema"
import type { LeadConsentData, LeadValues } from "../gatsby/shown-consent"
import { fieldErrorTexts } from "../supabase/functions/_shared/kernel/field-errors"
import type { Language } from "../supabase/functions/_shared/kernel/languages"
import { CUSTOMER_TEXTS, LEAD_CONSENT } from "../supabase/functions/_shared/kernel/site-data.generated"
import { readData } from "./fixtures/data"

const site = readData<{ name: string; leadValues: LeadValues }>("site.yaml")

/** Each language's nodes, found by type and the `lang` filter as Gatsby's node model finds them. */
function nodeModel() {
  function findOne(query: { type: "SiteYaml"; query: { filter: { lang: { eq: string } } } }): Promise<typeof site>
  function findOne(query: {
    type: "LeadMessagesYaml"
    query: { filter: { lang: { eq: string } } }
  }): Promise<(typeof CUSTOMER_TEXTS)[Language]["messages"] | null>
  function findOne({ type, query }: { type: string; query: { filter: { lang: { eq: string } } } }): Promise<unknown> {
    const lang = query.filter.lang.eq === "es" ? "es" : "en"
    return Promise.resolve(type === "SiteYaml" ? site : CUSTOMER_TEXTS[lang].messages)
  }
  return { findOne }
}

const consentNode = (lang: Language): LeadConsentData & { lang: string } => ({
  ...readData<LeadConsentData>("lead-consent.yaml"),
  versions: CUSTOMER_TEXTS[lang].consent.versions,
  lang,
})

test.each(["en", "es"] as const)(
  "a %s page shows that language's consent versions and field messages",
  async (lang) => {
    const shown = await resolveShown(consentNode(lang), {}, { nodeModel: nodeModel() })
    const suffix = lang === "en" ? "" : `-${lang}`
    expect(shown.consent.version).toBe(`${LEAD_CONSENT.current}${suffix}`)
    expect(shown.sms.version).toBe(`${LEAD_CONSENT.sms.current}${suffix}`)
    expect(shown.consent.text).toBe(CUSTOMER_TEXTS[lang].consent.versions[0]?.text.replaceAll("{company}", site.name))
    expect(shown.fieldErrors).toEqual(fieldErrorTexts(CUSTOMER_TEXTS[lang].messages))
  },
)

test("a node without its language is English", async () => {
  const { lang: _lang, ...withoutLang } = consentNode("en")
  expect((await resolveShown(withoutLang, {}, { nodeModel: nodeModel() })).consent.version).toBe(LEAD_CONSENT.current)
})
