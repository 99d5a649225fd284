/**
 * What every lead form shows and records besides its own fields: the consent sentence next to
 * the submit button and the optional SMS opt-in, each by version (data/lead-consent.yaml), what a lead
 * is worth to Analytics and Ads (data/site.yaml), and the words of the contract's refusals in the page's
 * language (data/lead-messages.yaml fieldErrors). The templates provide it, so forms loaded after the page
 * get it without a static query (those fail in lazily loaded components).
 */
import { createContext, useContext } from "react"
import type { ShownConsent } from "../../../gatsby/shown-consent"

/** Worked out at build time: a GraphQL field of data/lead-consent.yaml (gatsby/shown-consent.ts). */
export type LeadTexts = ShownConsent

export const LeadTextsContext = createContext<LeadTexts | null>(null)

/** The site's lead texts; null outside a page template (a component tested on its own). */
export const useLeadTexts = () => useContext(LeadTextsContext)

/** The page's words of the contract's refusals; null outside a page template (the contract's English is used). */
export const useFieldErrorTexts = () => useLeadTexts()?.fieldErrors ?? null
