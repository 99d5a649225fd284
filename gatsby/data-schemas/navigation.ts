/** data/navigation.yaml: the menus, the footer and the routes buttons link to. */
import { array, type InferType } from "yup"
import { text, routePath, strictObject, link } from "./fields"

export const navigationSchema = strictObject({
  main: array().of(link()).required().min(1),
  /** Where pest pages (<pests>/<slug>) and city offers (<offers>/<key>) live; a translation names its own. */
  sections: strictObject({
    pests: routePath().meta({ translate: true }),
    offers: routePath().meta({ translate: true }),
  }),
  servicesMenu: strictObject({ label: text(), path: routePath(), allLabel: text() }),
  /** The pages buttons and breadcrumbs link to by their role; each must be a page of data/pages. */
  routes: strictObject({ home: link(), plans: link(), contact: link(), estimate: link() }),
  estimateCta: strictObject({ label: text(), mobileLabel: text() }),
  callCta: strictObject({ label: text() }),
  mobileTagline: text(),
  /**
   * The link to a page in this section's language, written in it ("Español" under es:), and what it says to a
   * screen reader: a page in any other language shows it.
   */
  languageSwitch: strictObject({ label: text(), ariaLabel: text() }),
  labels: strictObject({
    call: text(),
    openMenu: text(),
    closeMenu: text(),
    menu: text(),
    hours: text(),
    skipToContent: text(),
    mainMenu: text(),
    breadcrumb: text(),
    dismiss: text(),
  }),
  footer: strictObject({
    servicesHeading: text(),
    allServicesLabel: text(),
    companyHeading: text(),
    company: array().of(link()).required().min(1),
    legal: array().of(link()).required().min(1),
    serviceAreaHeading: text(),
    contactHeading: text(),
    legalHeading: text(),
    licensedNote: text(),
    rightsReserved: text(),
    newTabNote: text(),
  }),
})

export type Navigation = InferType<typeof navigationSchema>
