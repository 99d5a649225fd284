/** data/pests/<slug>.yaml: one pest page, where it is listed, and its sections. */
import { array, boolean, number, string, type InferType } from "yup"
import { sectionSchema } from "./pest-section"
import { text, textList, slug, strictObject, optionalText, icon, image, seoFields } from "./fields"

export const URGENCY_LEVELS = ["Critical", "Urgent", "Immediate", "Seasonal", "Common Issue"] as const

/** A place in an ordered list, lowest first; equal places go by name, and 2.5 slots in between 2 and 3. */
const position = () =>
  number().typeError("must be a position number such as 3 (lower comes first)").min(0, "must be 0 or more")

export const pestSchema = strictObject({
  /** The page's address, /services/<slug>/; a translation gives the page its own (/es/servicios/<slug>/). */
  slug: slug().meta({ translate: true, address: true }),
  name: text(),
  ...seoFields,
  description: text().min(50).max(170, "must be at most 170 characters so search results show it whole"),
  urgency: string()
    .required()
    .oneOf([...URGENCY_LEVELS]),
  heading: text(),
  intro: text(),
  /** The pest's picture; without one the page shows services-page.yaml's defaultPestImage. */
  image: image("src/images/pests").optional().default(undefined),
  /** Where the pest is listed besides its own page: positions, lowest first; leave one out to stay out of that list. */
  menu: strictObject({
    /** The /services grid and the header's Services dropdown. */
    services: position(),
    /** The footer's Services column. */
    footer: position(),
  })
    .optional()
    .default(undefined),
  /** The estimate wizard's pest choice (every pest is one); the backend accepts these labels. */
  estimate: strictObject({
    position: position(),
    /** The choice's label when it differs from `name`, e.g. "Roaches". */
    label: optionalText(),
    /** Shows the wizard's special-treatment warning when chosen. */
    specialTreatment: boolean(),
  })
    .optional()
    .default(undefined),
  /** The card on /services. */
  card: strictObject({ icon: icon(), description: text(), features: textList() }),
  sections: array().of(sectionSchema).required().min(3),
})

export type PestRecord = InferType<typeof pestSchema>
export type Urgency = (typeof URGENCY_LEVELS)[number]
