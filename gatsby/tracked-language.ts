import { createElement, type ReactElement } from "react"
import { languageOfPath } from "../supabase/functions/_shared/kernel/languages"

/** The key gatsby-plugin-google-gtag gives its inline config script, which defines gtag(). */
const GTAG_CONFIG_KEY = "gatsby-plugin-google-gtag-config"

const keyOf = (component: unknown): unknown =>
  typeof component === "object" && component !== null && "key" in component ? component.key : undefined

/**
 * Right after the tag's config, the page's language as a parameter of every event that follows (GA4's `set`):
 * the page view the plugin sends, form_submit, generate_lead, phone_call, so marketers can compare the
 * languages. Written into each page's HTML at build time: the language switch is a plain link, so moving to
 * the other language loads its page, and its own line, and no page carries code for it.
 */
export function withPageLanguage<C>(components: readonly C[], pathname: string): Array<C | ReactElement> {
  const at = components.findIndex((component) => keyOf(component) === GTAG_CONFIG_KEY)
  if (at === -1) return [...components]
  const line = `typeof gtag=="function"&&gtag("set",{page_language:${JSON.stringify(languageOfPath(pathname))}})`
  const script = createElement("script", { key: "page-language", dangerouslySetInnerHTML: { __html: line } })
  return [...components.slice(0, at + 1), script, ...components.slice(at + 1)]
}
