/** data/navigation.yaml: the menus, the footer and the routes buttons link to. */
import { array, type InferType } from "yup"
import { LANGUAGES } from "../../supabase/functions/_shared/kernel/languages"
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
   * The link to a page in this section's language, written in it ("Español" under es:): a page in any other
   * language shows it. `versionNotes`: what a screen reader hears after a switch's name on a page in this
   * section's language, in it, for each language's version.
   */
  languageSwitch: strictObject({
    label: text(),
    versionNotes: strictObject(Object.fromEntries(LANGUAGES.map((language) => [language, text()]))),
  }),
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
    /** The logo's link, to a screen reader ({name}: the company's). */
    homeLink: text(),
    /** A star rating, to a screen reader ({rating}: the number of stars, of five). */
    rating: text(),
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
