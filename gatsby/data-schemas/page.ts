/** data/pages/<name>.yaml: one static route. */
import { array, boolean, string, type InferType } from "yup"
import { text, textList, routePath, strictObject, seoFields, image } from "./fields"

/** Page templates a data/pages file may name; each is src/templates/<name>.tsx. */
export const PAGE_TEMPLATES = [
  "content-page",
  "offers-index",
  "scarsdale-offer",
  "home-page",
  "services-page",
  "plans-page",
  "about-page",
  "faq-page",
  "contact-page",
  "estimate-page",
  "office-link",
] as const

/** The template of the office's own pages, which live in data/pages/office/ (see OFFICE_PAGES_FOLDER). */
export const OFFICE_LINK_TEMPLATE: (typeof PAGE_TEMPLATES)[number] = "office-link"

/** What an office link page does with its link: the two pages share one template (one chunk less on every page). */
export const OFFICE_LINKS = ["acknowledge", "release", "board", "confirm", "report"] as const

export const pageSchema = strictObject({
  /** The page's route; a translation gives the page its own ("/servicios", served at /es/servicios/). */
  path: routePath().meta({ translate: true }),
  template: string()
    .required()
    .oneOf([...PAGE_TEMPLATES]),
  ...seoFields,
  description: text().min(50).max(170, "must be at most 170 characters so search results show it whole"),
  noindex: boolean(),
  /** Also asks crawlers not to follow the page's links (the office's one-tap link pages). */
  nofollow: boolean(),
  /** An office-link page's action: "I'm on it" (acknowledge), "Not spam" (release), the office's board, "Confirm <window>" (confirm), or a past week's report (report). */
  officeLink: string()
    .oneOf([...OFFICE_LINKS])
    .optional()
    .default(undefined),
  /** The picture a link to the page shows where it is shared (cropped to 1200×630); none: site.yaml's socialImage. */
  socialImage: image("src/images").optional().default(undefined),
  heading: text(),
  intro: text(),
  sections: array().of(strictObject({ heading: text(), paragraphs: textList() })),
})

export type PageRecord = InferType<typeof pageSchema>
