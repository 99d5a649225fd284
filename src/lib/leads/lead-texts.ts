/**
 * What every lead form shows and records besides its own fields (issue 16): the consent sentence next to
 * the submit button and the optional SMS opt-in, each by version (data/lead-consent.yaml), and what a lead
 * is worth to Analytics and Ads (data/site.yaml). The templates provide it, so forms loaded after the page
 * get it without a static query (those fail in lazily loaded components).
 */
import { createContext, useContext } from "react"
import type { ShownConsent } from "../../../gatsby/shown-consent"

/** Worked out at build time: a GraphQL field of data/lead-consent.yaml (gatsby/shown-consent.ts). */
export type LeadTexts = ShownConsent

export const LeadTextsContext = createContext<LeadTexts | null>(null)

/** The site's lead texts; null outside a page template (a component tested on its own). */
export const useLeadTexts = () => useContext(LeadTextsContext)
