/** The typed sections of a pest page (data/pests/*.yaml `sections`). */
import { array, boolean, string, type InferType } from "yup"
import { ICON_NAMES } from "../../src/lib/icon-names"
import { text, textList, strictObject, optionalText, optionalList, fact } from "./fields"

export const SEVERITIES = ["Low", "Medium", "High", "Critical"] as const
export const AGGRESSION_LEVELS = ["Low", "Moderate", "High"] as const
export const DANGER_LEVELS = ["Low", "Moderate", "Severe"] as const
export const SECTION_TYPES = ["species", "steps", "list", "facts", "callout", "areas", "options"] as const

/** One species of a pest page; which of the optional facts apply depends on the pest. */
const speciesSchema = strictObject({
  name: text(),
  description: text(),
  severity: string().oneOf([...SEVERITIES]),
  season: optionalText(),
  dangerous: boolean(),
  locations: optionalList(),
  diseases: optionalList(),
  approach: optionalText(),
  aggression: string().oneOf([...AGGRESSION_LEVELS]),
  protected: boolean(),
  danger: string().oneOf([...DANGER_LEVELS]),
  damage: optionalText(),
  signs: optionalList(),
  bite: optionalText(),
  habitat: optionalText(),
})

/** What each section type needs besides its heading. */
const SECTION_CONTENT: Record<(typeof SECTION_TYPES)[number], string> = {
  species: "species",
  steps: "steps",
  list: "points",
  facts: "facts",
  callout: "body",
  areas: "areas",
  options: "options",
}

/** The fields besides its content each section type uses; the content editor shows only these for the type. */
const SECTION_EXTRAS: Record<(typeof SECTION_TYPES)[number], readonly string[]> = {
  species: ["heading", "intro"],
  steps: ["heading", "intro"],
  list: ["heading", "intro", "style", "visitPreparation"],
  facts: ["heading", "intro"],
  callout: ["heading", "intro", "tone", "icon", "points"],
  areas: ["heading", "intro"],
  options: ["heading", "intro"],
}

/** A block of a pest page. One shape for all types keeps the GraphQL schema flat; the test checks each type has its content. */
export const sectionSchema = strictObject({
  type: string()
    .required()
    .oneOf([...SECTION_TYPES]),
  heading: text(),
  intro: optionalText(),
  tone: string().oneOf(["info", "warning", "success"]),
  style: string().oneOf(["check", "warning", "tip"]),
  icon: string().oneOf([...ICON_NAMES]),
  body: optionalText(),
  points: optionalList(),
  /** A list of what to do before the technician comes: sent with a confirmed visit for this pest. */
  visitPreparation: boolean(),
  steps: array()
    .of(strictObject({ title: text(), description: text() }))
    .min(1),
  facts: array().of(fact()).min(1),
  species: array().of(speciesSchema).min(1),
  areas: array()
    .of(strictObject({ area: text(), description: text(), solutions: textList() }))
    .min(1),
  options: array()
    .of(
      strictObject({ name: text(), price: text(), description: text(), features: textList(), highlighted: boolean() }),
    )
    .min(1),
})
  .test("visit-preparation", 'only a "list" section can be the visit preparation', function (section) {
    return section.visitPreparation !== true || section.type === "list"
      ? true
      : this.createError({
          path: `${this.path}.visitPreparation`,
          message: 'only a "list" section can be the visit preparation',
        })
  })
  .test("section-content", function (section) {
    const needed = SECTION_CONTENT[section.type]
    return needed && section[needed as keyof typeof section] === undefined
      ? this.createError({ path: `${this.path}.${needed}`, message: `is required for a "${section.type}" section` })
      : true
  })
  .meta({
    cmsVariants: {
      key: "type",
      fields: Object.fromEntries(SECTION_TYPES.map((type) => [type, [...SECTION_EXTRAS[type], SECTION_CONTENT[type]]])),
      required: SECTION_CONTENT,
    },
  })

export type PestSection = InferType<typeof sectionSchema>
