/** Analytics by language: the page view and every event after it carry the page's language (GA4 `set`). */
import { runInNewContext } from "node:vm"
import { createElement, type ReactElement } from "react"
import { withPageLanguage } from "../gatsby/tracked-language"
import { languageOfPath } from "../supabase/functions/_shared/kernel/languages"

test("a page's language is read from its address", () => {
  expect(languageOfPath("/")).toBe("en")
  expect(languageOfPath("/services/ants/")).toBe("en")
  expect(languageOfPath("/es")).toBe("es")
  expect(languageOfPath("/es/servicios/hormigas/")).toBe("es")
  expect(languageOfPath("/estimate/")).toBe("en")
})

const head = [
  createElement("link", { key: "preconnect-google-gtag", rel: "preconnect" }),
  createElement("script", { key: "gatsby-plugin-google-gtag", src: "https://www.googletagmanager.com/gtag/js" }),
  createElement("script", { key: "gatsby-plugin-google-gtag-config", dangerouslySetInnerHTML: { __html: "…" } }),
  createElement("title", { key: "title" }),
]
const scriptOf = (components: readonly unknown[]) =>
  components.find((c) => (c as ReactElement).key === "page-language") as
    ReactElement<{ dangerouslySetInnerHTML: { __html: string } }> | undefined

test("right after the tag's config, the page's language is set for every event that follows", () => {
  const spanish = withPageLanguage(head, "/es/contacto/")
  expect(spanish.map((c) => (c as ReactElement).key)).toEqual([
    "preconnect-google-gtag",
    "gatsby-plugin-google-gtag",
    "gatsby-plugin-google-gtag-config",
    "page-language",
    "title",
  ])
  const calls: unknown[][] = []
  const gtag = (...args: unknown[]) => calls.push(args)
  // The inline line as the browser runs it, with the tag's gtag() defined.
  runInNewContext(scriptOf(spanish)?.props.dangerouslySetInnerHTML.__html ?? "", { gtag })
  expect(calls).toEqual([["set", { page_language: "es" }]])
  expect(scriptOf(withPageLanguage(head, "/contact/"))?.props.dangerouslySetInnerHTML.__html).toContain(
    'page_language:"en"',
  )
})

test("a page without the tag (none configured, or an office page) gets no line", () => {
  const withoutTag = head.filter((c) => c.key === "title")
  expect(withPageLanguage(withoutTag, "/es/")).toEqual(withoutTag)
})
