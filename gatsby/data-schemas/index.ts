/**
 * The shape of every data file in data/, one Yup schema per kind (a file each in this folder, their
 * shared field builders in fields.ts), and this registry of the kinds. The schemas validate each file
 * during the build (see validate-data.ts) and become the GraphQL type definitions (see schema.ts) and
 * the content editor's fields (see cms/), so the checks, the schema and the prop types cannot drift apart.
 */
import type { AnyObject, ObjectSchema } from "yup"
import { aboutSchema } from "./about"
import { arrivalWindowsSchema } from "./arrival-windows"
import { contactPageSchema } from "./contact-page"
import { estimateOptionsSchema } from "./estimate-options"
import { estimateWizardSchema } from "./estimate-wizard"
import { faqSchema } from "./faq"
import { glossarySchema } from "./glossary"
import { homeSchema } from "./home"
import { leadConsentSchema } from "./lead-consent"
import { leadMessagesSchema } from "./lead-messages"
import { navigationSchema } from "./navigation"
import { notFoundSchema } from "./not-found"
import { offerSchema } from "./offer"
import { offerPageSchema } from "./offer-page"
import { offersIndexSchema } from "./offers-index"
import { officeLinksSchema } from "./office-links"
import { pageSchema } from "./page"
import { pestSchema } from "./pest"
import { plansSchema } from "./plans"
import { responsePromisesSchema } from "./response-promises"
import { scarsdaleOfferSchema } from "./scarsdale-offer"
import { servicesPageSchema } from "./services-page"
import { siteSchema } from "./site"
import { testimonialsSchema } from "./testimonials"

// What importers of "./data-schemas" used before the split: the schemas, their lists of values and record types.
export {
  arrivalWindowsSchema,
  estimateOptionsSchema,
  leadConsentSchema,
  leadMessagesSchema,
  pestSchema,
  responsePromisesSchema,
  siteSchema,
}
export { AGGRESSION_LEVELS, DANGER_LEVELS, SEVERITIES } from "./pest-section"
export { URGENCY_LEVELS, type PestRecord } from "./pest"
export { HERO_VARIANTS, type OfferRecord } from "./offer"

/** Where a kind of data file sits in the content editor (/admin/): its group and its name there. */
export interface CmsPlacement {
  /** The editor's collection for one-file kinds; folder kinds are a collection each. */
  group: "settings" | "pageTexts" | "offers" | "forms"
  label: string
  /** For a folder kind: what one entry is called ("Pest page"), and how the entry list names each. */
  singular?: string
  summary?: string
  /**
   * For a folder kind: the fields set once, when an entry is created, and read-only in the editor afterwards
   * (a page's address, which ads and links point to), each with the hint saying why.
   */
  setOnce?: Readonly<Record<string, string>>
  /** For a folder kind: the page address of an entry, Decap's `preview_path` for "View Live" ({{fields.key}}). */
  livePath?: string
  /**
   * For a folder kind whose entries the editor must not delete: Decap deletes a published entry with one
   * commit to the live branch, no pull request and no check, and an offer's address is what its ads link to.
   */
  keptFromDeletion?: true
}

/** What a data file holds, and the GraphQL node type it becomes. */
export interface DataFileKind {
  typeName: string
  schema: ObjectSchema<AnyObject>
  /** Which files of data/ hold this kind (relative path). */
  matches: (relativePath: string) => boolean
  /** The field that names an entry in error messages. */
  entryKey?: string
  /** The one file (oneFile) or the folder (fileEach) of data/ the kind lives in. */
  file?: string
  folder?: string
  cms: CmsPlacement
}

/** Gatsby's name for the node type of a data file (gatsby-transformer-yaml): contact-page.yaml → ContactPageYaml. */
const nodeTypeOf = (file: string): string =>
  `${file
    .replace(/\.ya?ml$/, "")
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("")}Yaml`

/** A kind that one file of data/ holds. */
const oneFile = (file: string, schema: ObjectSchema<AnyObject>, cms: CmsPlacement): DataFileKind => ({
  typeName: nodeTypeOf(file),
  schema,
  matches: (relativePath) => relativePath === file,
  file,
  cms,
})

/**
 * A kind with a file for each entry in a folder of data/, named in error messages by `entryKey`. Files in its
 * `hidden` subfolder are of the kind too, but the editor does not list them (Decap lists a folder's own files).
 */
const fileEach = (
  folder: string,
  typeName: string,
  schema: ObjectSchema<AnyObject>,
  entryKey: string,
  cms: CmsPlacement,
  hidden?: string,
): DataFileKind => ({
  typeName,
  schema,
  matches: (relativePath) =>
    new RegExp(`^${folder}/${hidden ? `(?:${hidden}/)?` : ""}[^/]+\\.ya?ml$`).test(relativePath),
  entryKey,
  folder,
  cms,
})

/** Where the office's own pages are (data/pages/office/): built like every page, never listed in the editor. */
export const OFFICE_PAGES_FOLDER = "office"

export const DATA_FILE_KINDS: readonly DataFileKind[] = [
  oneFile("site.yaml", siteSchema, { group: "settings", label: "Company facts, hours and tracking" }),
  oneFile("navigation.yaml", navigationSchema, { group: "settings", label: "Menus and footer" }),
  oneFile("plans.yaml", plansSchema, { group: "settings", label: "Service plans" }),
  oneFile("testimonials.yaml", testimonialsSchema, { group: "settings", label: "Testimonials" }),
  oneFile("glossary.yaml", glossarySchema, {
    group: "settings",
    label: "Glossary of pests and services (every language)",
  }),
  oneFile("faq.yaml", faqSchema, { group: "pageTexts", label: "FAQ page" }),
  oneFile("home.yaml", homeSchema, { group: "pageTexts", label: "Home page" }),
  oneFile("services-page.yaml", servicesPageSchema, { group: "pageTexts", label: "Services page" }),
  oneFile("about.yaml", aboutSchema, { group: "pageTexts", label: "About page" }),
  oneFile("contact-page.yaml", contactPageSchema, { group: "pageTexts", label: "Contact page" }),
  oneFile("not-found.yaml", notFoundSchema, { group: "pageTexts", label: "Page not found" }),
  oneFile("offers-index.yaml", offersIndexSchema, { group: "offers", label: "Offers overview (/offers/)" }),
  oneFile("offer-page.yaml", offerPageSchema, { group: "offers", label: "Texts of every city offer page" }),
  oneFile("scarsdale-offer.yaml", scarsdaleOfferSchema, { group: "offers", label: "$49 Scarsdale offer page" }),
  oneFile("estimate-options.yaml", estimateOptionsSchema, { group: "forms", label: "Estimate choices" }),
  oneFile("estimate-wizard.yaml", estimateWizardSchema, { group: "forms", label: "Estimate wizard texts" }),
  oneFile("lead-messages.yaml", leadMessagesSchema, { group: "forms", label: "Form answers, e-mails and alerts" }),
  oneFile("response-promises.yaml", responsePromisesSchema, {
    group: "forms",
    label: "How soon each form promises an answer",
  }),
  oneFile("lead-consent.yaml", leadConsentSchema, { group: "forms", label: "Consent and SMS opt-in texts" }),
  oneFile("arrival-windows.yaml", arrivalWindowsSchema, {
    group: "forms",
    label: "Arrival windows and how many visits each takes",
  }),
  oneFile("office-links.yaml", officeLinksSchema, { group: "forms", label: "Office link pages" }),
  fileEach(
    "pages",
    "PageYaml",
    pageSchema,
    "path",
    {
      group: "pageTexts",
      label: "Pages",
      singular: "Page",
      summary: "{{fields.heading}} ({{fields.path}})",
      setOnce: {
        path: "Set when the page is created and fixed afterwards: links, menus and search results point to it.",
        template: "Set when the page is created and fixed afterwards: it decides what the page is made of.",
      },
      livePath: "{{fields.path}}/",
    },
    OFFICE_PAGES_FOLDER,
  ),
  fileEach("pests", "PestYaml", pestSchema, "slug", {
    group: "settings",
    label: "Pest pages",
    singular: "Pest page",
    summary: "{{fields.name}}",
    setOnce: {
      slug: "Set when the pest page is created and fixed afterwards: its address /services/<slug>/, which links, ads and search results point to.",
    },
    livePath: "services/{{fields.slug}}/",
  }),
  fileEach("offers", "OfferYaml", offerSchema, "key", {
    group: "offers",
    label: "City offers",
    singular: "City offer",
    summary: "{{fields.city}}: {{fields.offerName}} ({{fields.price}})",
    setOnce: {
      key: "Set when the offer is created and fixed afterwards: its address /offer/<key>/, which the ads link to.",
    },
    livePath: "offer/{{fields.key}}/",
    keptFromDeletion: true,
  }),
]

export const findDataFileKind = (relativePath: string): DataFileKind | undefined =>
  DATA_FILE_KINDS.find((kind) => kind.matches(relativePath))
