/**
 * The check that finds English on the built Spanish pages (e2e/page-checks/english-words.ts, run over every
 * page in e2e/spanish-pages.test.ts): it catches an English word in any text a visitor sees or hears, passes
 * Spanish, honours the allow-list of names, and leaves out a part marked as another language.
 */
import { englishOn, englishReport, englishWordsIn, pageTexts, wordLists } from "../e2e/page-checks/english-words"

const lists = wordLists()

/** A Spanish page with `body` (and `head`), as the browser would hold it. */
const spanishPage = (body: string, head = "") => {
  const page = document.implementation.createHTMLDocument("")
  page.documentElement.setAttribute("lang", "es-US")
  page.head.innerHTML = head
  page.body.innerHTML = body
  return page
}

describe("the words", () => {
  test("an English word is caught, each once, in the order it comes", () => {
    expect(englishWordsIn("Agresividad: Low", lists)).toEqual(["low"])
    expect(englishWordsIn("Your request has been successfully submitted to our system! Your", lists)).toEqual([
      "your",
      "request",
      "has",
      "been",
      "successfully",
      "submitted",
      "to",
      "our",
      "system",
    ])
    expect(englishWordsIn("5 out of 5 stars", lists)).toEqual(["out", "of", "stars"])
  })

  test("Spanish passes, accents and all", () => {
    expect(
      englishWordsIn("¡Solicitud enviada con éxito! Le llamaremos hoy para hablar sobre su cotización.", lists),
    ).toEqual([])
    expect(englishWordsIn("Peligro: Moderado · Gravedad alta · Problema común", lists)).toEqual([])
  })

  test("names and brands of the allow-list pass whole, as written; the same words elsewhere do not", () => {
    expect(englishWordsIn("Westchester Family Pest Control, en White Plains: servicio QUICK-KNOCK", lists)).toEqual([])
    expect(englishWordsIn("westchester family pest control", lists)).toEqual(["pest"])
    expect(englishWordsIn("Family plans", lists)).toEqual(["plans"])
    expect(englishWordsIn("Pest Control", lists)).toEqual(["pest"])
  })

  test("the consent's carrier keywords, written as the carriers require, are allowed", () => {
    expect(englishWordsIn("Responda STOP para cancelar, HELP para obtener ayuda.", lists)).toEqual([])
    expect(englishWordsIn("Para stop, pida help", lists)).toEqual(["stop", "help"])
  })
})

describe("the texts of a page", () => {
  test("text, accessible attributes, the title and the descriptions are read, with their element", () => {
    const page = spanishPage(
      `<main id="contenido"><p>Hola <span aria-label="5 out of 5 stars">★</span></p>
       <img alt="Home page" src="x.png"><input type="submit" value="Submit"><input placeholder="Your name"></main>`,
      `<title>Inicio | Free Estimate</title><meta name="description" content="Call now"><meta name="robots" content="index">`,
    )
    const found = englishOn(pageTexts(page), lists)
    expect(found.map(({ element, source, words }) => [element, source, words])).toEqual([
      ["main#contenido > p > span", "aria-label", ["out", "of", "stars"]],
      ["main#contenido > img", "alt", ["home", "page"]],
      ["main#contenido > input", "value", ["submit"]],
      ["main#contenido > input", "placeholder", ["your", "name"]],
      ["head > title", "text", ["free", "estimate"]],
      ["head > meta", "description", ["call", "now"]],
    ])
    expect(englishReport("/es/", found.slice(0, 1))).toEqual([
      '/es/: <main#contenido > p > span> aria-label: out, of, stars in "5 out of 5 stars"',
    ])
  })

  test("a part marked as another language, and scripts and styles, are left out", () => {
    const page = spanishPage(
      `<a href="/" hreflang="en"><span lang="en">English home</span><span> (ver esta página en inglés)</span></a>
       <script>const the = "and"</script><style>.the{}</style><template><p>the</p></template>`,
    )
    expect(englishOn(pageTexts(page), lists)).toEqual([])
  })
})
