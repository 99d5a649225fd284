/**
 * English on a page in another language: every text a visitor sees or a screen reader says (text, alt, title,
 * aria-label and the other accessible attributes, the page's <title> and descriptions) looked up against a list
 * of common English words (english-words.txt), after the names and brands a page may say as they are
 * (english-allowed.txt). A part marked with its own language (`lang="en"` on the switch's "English") is that
 * language's, and left out.
 */
import fs from "node:fs"
import path from "node:path"

/** One text of a page: the element it belongs to (a short CSS path), where in it (text, an attribute), the text. */
export interface PageText {
  element: string
  source: string
  text: string
}

export interface WordLists {
  /** Common English words, lowercase. */
  words: ReadonlySet<string>
  /** Names and brands, matched whole and as written, taken out before the words are looked up. */
  allowed: readonly string[]
}

/** A list file: a word or name a line; blank lines and # comments left out. */
const listFile = (name: string) =>
  fs
    .readFileSync(path.join(__dirname, name), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))

export const wordLists = (): WordLists => ({
  words: new Set(listFile("english-words.txt").map((word) => word.toLowerCase())),
  allowed: listFile("english-allowed.txt"),
})

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The English words of `text`, each once, in the order they come: a word is a run of letters. */
export function englishWordsIn(text: string, { words, allowed }: WordLists): string[] {
  // Longest names first, so "Westchester Family Pest Control" goes whole before "Westchester Family Pest".
  const names = [...allowed].sort((a, b) => b.length - a.length)
  const rest = names.reduce(
    (left, name) => left.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "gu"), " "),
    text,
  )
  const found = (rest.match(/\p{L}+/gu) ?? []).map((word) => word.toLowerCase()).filter((word) => words.has(word))
  return [...new Set(found)]
}

/** What is English on a page: each text with its English words, none for a page without. */
export const englishOn = (texts: readonly PageText[], lists: WordLists) =>
  texts.flatMap((text) => {
    const words = englishWordsIn(text.text, lists)
    return words.length > 0 ? [{ ...text, words }] : []
  })

/**
 * Every text of `root` a visitor sees or a screen reader says, in the page's language (its <html lang>): the
 * text of each element (its own text nodes), its accessible attributes, the <title> and the descriptions in the
 * head. Text in script, style, template and code is none; a part whose lang is another language's is left out.
 * Self-contained (it runs in the browser, through page.evaluate, as in a test's DOM): no imports inside.
 */
export function pageTexts(root: Document = document): PageText[] {
  const primary = (lang: string | null) => (lang ?? "").toLowerCase().split("-")[0]
  const pageLang = primary(root.documentElement.getAttribute("lang"))
  const inPageLanguage = (element: Element) =>
    primary(element.closest("[lang]")?.getAttribute("lang") ?? null) === pageLang
  const describe = (element: Element) => {
    const steps: string[] = []
    for (
      let at: Element | null = element;
      at && steps.length < 4 && at !== root.documentElement;
      at = at.parentElement
    ) {
      const id = at.getAttribute("id")
      steps.unshift(`${at.tagName.toLowerCase()}${id ? `#${id}` : ""}`)
      if (id) break
    }
    return steps.join(" > ")
  }
  const texts: PageText[] = []
  const add = (element: Element, source: string, text: string | null) => {
    const clean = (text ?? "").replace(/\s+/g, " ").trim()
    if (clean !== "" && inPageLanguage(element)) texts.push({ element: describe(element), source, text: clean })
  }
  // Code (a field's name, a command: <code>, <pre>) is the same in every language; scripts and styles say nothing.
  const SKIPPED = "script, style, template, noscript, code, pre, kbd, samp"
  for (const element of Array.from(root.body.querySelectorAll("*"))) {
    if (element.closest(SKIPPED)) continue
    const own = Array.from(element.childNodes)
      .filter((node) => node.nodeType === 3)
      .map((node) => node.textContent ?? "")
      .join(" ")
    add(element, "text", own)
    for (const attribute of [
      "aria-label",
      "aria-description",
      "aria-roledescription",
      "aria-valuetext",
      "alt",
      "title",
      "placeholder",
    ])
      add(element, attribute, element.getAttribute(attribute))
    if (element.tagName === "INPUT" && /^(submit|button|reset)$/i.test(element.getAttribute("type") ?? ""))
      add(element, "value", element.getAttribute("value"))
  }
  const title = root.head.querySelector("title")
  if (title) add(title, "text", title.textContent)
  for (const meta of Array.from(root.head.querySelectorAll("meta[content]"))) {
    const name = meta.getAttribute("name") ?? meta.getAttribute("property") ?? ""
    if (
      /^(description|og:title|og:description|og:image:alt|twitter:title|twitter:description|twitter:image:alt)$/.test(
        name,
      )
    )
      add(meta, name, meta.getAttribute("content"))
  }
  return texts
}

/** A report line: the page, the element and where in it, the English words, and the text they are in. */
export const englishReport = (page: string, found: ReadonlyArray<PageText & { words: readonly string[] }>) =>
  found.map(({ element, source, text, words }) => `${page}: <${element}> ${source}: ${words.join(", ")} in "${text}"`)
