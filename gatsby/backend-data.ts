/**
 * The Edge Functions cannot read data/ at run time, so the facts they need
 * (company, estimate options with the pests' choices, lead messages) are
 * copied into a generated module, not committed (made from data/ wherever it is needed: `npm install`,
 * `npm start`, `npm run backend`, the build, the type check, the tests' setup; `npm run generate:backend-data`).
 *
 * A visitor's data file holds English under `en:` and each translation's texts under its language
 * (gatsby/i18n/). The office reads English (COMPANY, LEAD_MESSAGES… as before); what a customer reads
 * (their e-mails and texts, the functions' answers, the consent sentence, the wizard's labels, the hours)
 * is copied once per language too, in CUSTOMER_TEXTS.
 */
import fs from "node:fs"
import path from "node:path"
import { load } from "js-yaml"
import { ValidationError, type AnyObjectSchema, type InferType } from "yup"
import { arrivalWindowsSchema } from "./data-schemas/arrival-windows"
import { estimateOptionsSchema } from "./data-schemas/estimate-options"
import { estimateWizardSchema } from "./data-schemas/estimate-wizard"
import { contactPageSchema } from "./data-schemas/contact-page"
import { leadConsentSchema } from "./data-schemas/lead-consent"
import { leadMessagesSchema } from "./data-schemas/lead-messages"
import { offerSchema } from "./data-schemas/offer"
import { offerPageSchema } from "./data-schemas/offer-page"
import { pestSchema } from "./data-schemas/pest"
import type { RequestFieldWords } from "./data-schemas/request-field-texts"
import { responsePromisesSchema } from "./data-schemas/response-promises"
import { scarsdaleOfferSchema } from "./data-schemas/scarsdale-offer"
import { siteSchema } from "./data-schemas/site"
import { languagesOf } from "./i18n/data-file"
import { localized, type RouteRules } from "./i18n/translations"
import { fill, fillTexts } from "../supabase/functions/_shared/kernel/escape.ts"
import { callbackOfferName, LANDING_OFFER_KEY } from "../supabase/functions/_shared/kernel/offer-names.ts"
import { byLanguage, DEFAULT_LANGUAGE, type Language } from "../supabase/functions/_shared/kernel/languages.ts"
import { promiseValues } from "./promise-texts"
import { dataDir } from "./site-config"
import { hoursSummary } from "../src/lib/hours"
import { estimateLabel, estimatePestOptions } from "../src/lib/pest-lists"

export const GENERATED_FILE = path.resolve("supabase/functions/_shared/kernel/site-data.generated.ts")

const readYaml = (dir: string, file: string): unknown => load(fs.readFileSync(path.join(dir, file), "utf8"))

// The functions link to no page: a link in a translation keeps the English route it was written with.
const SAME_ROUTES: RouteRules = { link: (route) => route, own: (route) => route }

/** One value per language. */
type ByLanguage<T> = Record<Language, T>

/**
 * A data file in every language, each checked by its schema: English as written, a translation its texts over
 * the English (a language the file does not have yet reads English). A problem names the file and language.
 */
function readTranslated<S extends AnyObjectSchema>(dir: string, file: string, schema: S): ByLanguage<InferType<S>> {
  const sections = languagesOf(readYaml(dir, file))
  return byLanguage((language) => {
    const english = sections[DEFAULT_LANGUAGE]
    const content =
      language === DEFAULT_LANGUAGE ? english : localized(schema, english, sections[language], SAME_ROUTES)
    try {
      return schema.validateSync(content, { strict: true })
    } catch (error) {
      if (error instanceof ValidationError) error.message = `data/${file} (${language}:): ${error.message}`
      throw error
    }
  })
}

/** The names of lead-messages.yaml's blocks a customer reads: every block not marked `translate: false` (the office's). */
const CUSTOMER_BLOCKS = Object.entries(leadMessagesSchema.fields)
  .filter(([, field]) => {
    const description = field.describe()
    return !("meta" in description && description.meta?.translate === false)
  })
  .map(([key]) => key)

const pick = (value: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.map((key) => [key, value[key]]))

/** An offer as the office's figures read it: its key, its English name, and every name a form stores for it. */
interface OfferNames {
  key: string
  name: string
  names: string[]
}

/**
 * Every offer a lead may name (the $49 landing page's, each city offer's), with the name its form stores in each
 * language. A name two offers share could not be read back to one key: refused, naming both.
 */
function offerNames(dir: string, landing: ByLanguage<InferType<typeof scarsdaleOfferSchema>>): OfferNames[] {
  const { amounts } = landing[DEFAULT_LANGUAGE]
  const cityOffers = fs
    .readdirSync(path.join(dir, "offers"))
    .filter((file) => /\.ya?ml$/.test(file))
    .sort()
    .map((file) => readTranslated(dir, `offers/${file}`, offerSchema))
  const offers: OfferNames[] = [
    {
      key: LANDING_OFFER_KEY,
      ...namesOf(byLanguage((language) => fill(landing[language].booking.specialOffer, amounts))),
    },
    ...cityOffers.map((offer) => ({
      key: offer[DEFAULT_LANGUAGE].key,
      ...namesOf(byLanguage((language) => callbackOfferName(offer[language]))),
    })),
  ]
  const owners = new Map<string, string>()
  for (const { key, names } of offers)
    for (const name of names) {
      const owner = owners.get(name.toLowerCase())
      if (owner !== undefined && owner !== key)
        throw new Error(`The offers ${owner} and ${key} are both named "${name}"`)
      owners.set(name.toLowerCase(), key)
    }
  return offers
}

const namesOf = (name: ByLanguage<string>) => ({
  name: name[DEFAULT_LANGUAGE],
  names: [...new Set(Object.values(name))],
})

export function renderBackendData(dir = dataDir()): string {
  const site = readTranslated(dir, "site.yaml", siteSchema)
  const options = readTranslated(dir, "estimate-options.yaml", estimateOptionsSchema)
  const promises = readTranslated(dir, "response-promises.yaml", responsePromisesSchema)
  // The booking texts name the $49 page's amounts ({price}, {regularValue}), and every form's texts its promise
  // ({callbackPromise} and the rest): filled here, each from its one place, in each language from its own promises.
  const scarsdaleOffer = readTranslated(dir, "scarsdale-offer.yaml", scarsdaleOfferSchema)
  const { amounts } = scarsdaleOffer[DEFAULT_LANGUAGE]
  const rawMessages = readTranslated(dir, "lead-messages.yaml", leadMessagesSchema)
  const messages = byLanguage((language) =>
    fillTexts(rawMessages[language], { ...promiseValues(promises[language]), ...amounts }),
  )
  const consent = readTranslated(dir, "lead-consent.yaml", leadConsentSchema)
  // The picker's texts are the site's only: the functions need the windows and their capacity.
  const { texts: _pickerTexts, ...windows } = readTranslated(dir, "arrival-windows.yaml", arrivalWindowsSchema)[
    DEFAULT_LANGUAGE
  ]
  const pestFiles = fs
    .readdirSync(path.join(dir, "pests"))
    .filter((file) => /\.ya?ml$/.test(file))
    .sort()
    .map((file) => readTranslated(dir, `pests/${file}`, pestSchema))
  const pests = byLanguage((language) => pestFiles.map((pest) => ({ english: pest.en, own: pest[language] })))
  const english = site[DEFAULT_LANGUAGE]
  const company = {
    name: english.name,
    phone: english.phone,
    email: english.email,
    address: english.address,
    hoursText: hoursSummary(english.hours),
    hours: english.hours,
    closedDates: english.closedDates,
    timeZone: english.timeZone,
    sameDayCutoffHour: english.sameDayService.cutoffHour,
    sameDayDays: english.sameDayService.days,
    // What a request is worth, for the weekly report's value of the week.
    leadValues: english.leadValues,
  }
  // What to do before a visit, per pest the wizard offers (its choice's English label, which every form sends):
  // the pest page's list marked so, in each language.
  const preparation = byLanguage((language) =>
    Object.fromEntries(
      pests[language].flatMap(({ english: pest, own }) =>
        own.sections
          .filter((section) => section.type === "list" && section.visitPreparation === true && section.points)
          .map((section) => [estimateLabel(pest), { heading: section.heading, points: section.points ?? [] }]),
      ),
    ),
  )
  const { propertyTypes, servicePlans, ...rest } = options[DEFAULT_LANGUAGE]
  const estimateOptions = { propertyTypes, servicePlans, ...estimatePestOptions(pestFiles.map((p) => p.en)), ...rest }
  // Everything a customer reads, per language. Values the forms send stay English (ids, pest labels): each
  // language's labels are looked up by them.
  const customerTexts = byLanguage((language) => {
    const own = options[language]
    return {
      messages: pick(messages[language], CUSTOMER_BLOCKS),
      promises: Object.fromEntries(Object.entries(promises[language]).map(([form, promise]) => [form, promise.text])),
      consent: {
        versions: consent[language].versions,
        sms: { versions: consent[language].sms.versions },
      },
      options: {
        propertyTypes: Object.fromEntries(own.propertyTypes.map(({ id, label }) => [id, label])),
        servicePlans: Object.fromEntries(own.servicePlans.map(({ id, name }) => [id, name])),
        additionalPests: Object.fromEntries(own.additionalPests.map(({ value, label }) => [value, label])),
        sameDay: own.sameDay,
        quickKnock: own.quickKnock,
      },
      pests: Object.fromEntries(
        pests[language].map(({ english: pest, own: mine }) => [estimateLabel(pest), estimateLabel(mine)]),
      ),
      visitPreparation: preparation[language],
      hoursText: hoursSummary(english.hours, language),
      // The licence line under every e-mail to the customer.
      licenseLine: site[language].licenseNumber,
    }
  })
  // Each request kind's field labels (kernel/request-fields.ts): the visitor's in each language, the office's in English.
  const contactPage = readTranslated(dir, "contact-page.yaml", contactPageSchema)
  const offerPage = readTranslated(dir, "offer-page.yaml", offerPageSchema)
  const estimateWizard = readTranslated(dir, "estimate-wizard.yaml", estimateWizardSchema)
  const requestFields = byLanguage((language) => ({
    contact: contactPage[language].form.fields,
    estimate: estimateWizard[language].contactStep.fields,
    booking: scarsdaleOffer[language].form.fields,
    callback: offerPage[language].callback.fields,
  }))
  const labelsBy = (language: Language, label: (field: RequestFieldWords) => string) =>
    Object.fromEntries(
      Object.entries(requestFields[language]).map(([kind, fields]) => [
        kind,
        Object.fromEntries(fields.map((field) => [field.name, label(field)])),
      ]),
    )
  const officeFieldLabels = labelsBy(DEFAULT_LANGUAGE, (f) => f.office ?? f.label)
  const visitorFieldLabels = byLanguage((language) => labelsBy(language, (f) => f.label))
  const { [DEFAULT_LANGUAGE]: englishTexts, ...translations } = customerTexts
  // The towns each offer covers, declared once in its data: the $49 page's booking town and ZIP, each city
  // offer's city. A lead from elsewhere is flagged and told of the city offer of its town (or the fallback one).
  const offerFiles = fs
    .readdirSync(path.join(dir, "offers"))
    .filter((file) => /\.ya?ml$/.test(file))
    .sort()
    .map((file) => readTranslated(dir, `offers/${file}`, offerSchema))
  const cityOffers = offerFiles.map((offer) => ({
    key: offer[DEFAULT_LANGUAGE].key,
    city: offer[DEFAULT_LANGUAGE].city,
    fallback: offer[DEFAULT_LANGUAGE].fallback === true,
    price: offer[DEFAULT_LANGUAGE].price,
    names: byLanguage((language) => offer[language].offerName),
    // The callback's special_offer, as each language's page sends it (src/lib/leads/offer-callback.ts).
    specialOffers: byLanguage((language) => `${offer[language].offerName} - ${offer[language].price}`),
  }))
  const { booking } = scarsdaleOffer[DEFAULT_LANGUAGE]
  const bookingTowns = { towns: [booking.city], zips: [booking.zipCode] }
  return [
    "// Generated from data/site.yaml, estimate-options.yaml, pests/*.yaml, offers/*.yaml, lead-messages.yaml (with scarsdale-offer.yaml's",
    "// amounts and response-promises.yaml's promises), lead-consent.yaml, response-promises.yaml, arrival-windows.yaml and",
    "// the request forms' field labels (contact-page.yaml, estimate-wizard.yaml, scarsdale-offer.yaml, offer-page.yaml)",
    "// by `npm run generate:backend-data` (npm install, the build and the tests run it). Not committed; do not edit.",
    'import type { Language } from "./languages.ts"',
    'import type { Widened } from "./widened.ts"',
    "",
    `export const COMPANY = ${JSON.stringify(company, null, 2)} as const`,
    "",
    "/** Every offer a lead may name: its key, its English name (the office's), every name its forms store in any language. */",
    `export const OFFERS: readonly { key: string; name: string; names: readonly string[] }[] = ${JSON.stringify(offerNames(dir, scarsdaleOffer), null, 2)}`,
    "",
    `export const ESTIMATE_OPTIONS = ${JSON.stringify(estimateOptions, null, 2)} as const`,
    "",
    `export const LEAD_MESSAGES = ${JSON.stringify(messages[DEFAULT_LANGUAGE], null, 2)} as const`,
    "",
    `export const LEAD_CONSENT = ${JSON.stringify(consent[DEFAULT_LANGUAGE], null, 2)} as const`,
    "",
    `export const RESPONSE_PROMISES = ${JSON.stringify(promises[DEFAULT_LANGUAGE], null, 2)} as const`,
    "",
    `export const ARRIVAL_WINDOWS = ${JSON.stringify(windows, null, 2)} as const`,
    "",
    `export const VISIT_PREPARATION: Readonly<Record<string, { heading: string; points: readonly string[] }>> = ${JSON.stringify(preparation[DEFAULT_LANGUAGE], null, 2)}`,
    "",
    `const ENGLISH_CUSTOMER_TEXTS = ${JSON.stringify(englishTexts, null, 2)} as const`,
    "",
    "/** What a customer reads, in one language: options by id, a pest's name and what to prepare by the English label the forms send. */",
    'export type CustomerTexts = Omit<Widened<typeof ENGLISH_CUSTOMER_TEXTS>, "pests" | "visitPreparation"> & {',
    "  readonly pests: Readonly<Record<string, string>>",
    "  readonly visitPreparation: Readonly<Record<string, { readonly heading: string; readonly points: readonly string[] }>>",
    "}",
    "",
    "/** The office's name for each declared field of each request kind (kernel/request-fields.ts), by the field's name. */",
    `export const OFFICE_FIELD_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = ${JSON.stringify(officeFieldLabels, null, 2)}`,
    "",
    "/** Each field's label in each language, as the visitor's form showed it. */",
    `export const VISITOR_FIELD_LABELS: Readonly<Record<Language, Readonly<Record<string, Readonly<Record<string, string>>>>>> = ${JSON.stringify(visitorFieldLabels, null, 2)}`,
    "",
    "/** The towns and ZIPs the $49 booking covers (data/scarsdale-offer.yaml `booking`). */",
    `export const BOOKING_TOWNS: { readonly towns: readonly string[]; readonly zips: readonly string[] } = ${JSON.stringify(bookingTowns, null, 2)}`,
    "",
    "/** The city offers (data/offers/*.yaml), in file order: each covers its city; one is the fallback. */",
    "export const CITY_OFFERS: readonly {",
    "  readonly key: string",
    "  readonly city: string",
    "  readonly fallback: boolean",
    "  readonly price: string",
    "  readonly names: Readonly<Record<Language, string>>",
    "  readonly specialOffers: Readonly<Record<Language, string>>",
    `}[] = ${JSON.stringify(cityOffers, null, 2)}`,
    "",
    "/** What a customer reads, in each language; typed by the English, so a translation has every text in its place. */",
    `export const CUSTOMER_TEXTS: Readonly<Record<Language, CustomerTexts>> = {`,
    "  en: ENGLISH_CUSTOMER_TEXTS,",
    ...Object.entries(translations).map(
      ([language, texts]) => `  ${language}: ${JSON.stringify(texts, null, 2).replaceAll("\n", "\n  ")},`,
    ),
    "}",
    "",
  ].join("\n")
}

/**
 * Writes the copy when it changed; returns whether it did. Whole or not at all (a temporary file renamed over
 * it): `npm test` writes it from the build and from the unit tests' setup at once, and a reader never sees half.
 */
export function writeBackendData(dir = dataDir(), file = GENERATED_FILE): boolean {
  const text = renderBackendData(dir)
  if (fs.existsSync(file) && fs.readFileSync(file, "utf8") === text) return false
  const temporary = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temporary, text)
  fs.renameSync(temporary, file)
  return true
}
