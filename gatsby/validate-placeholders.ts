/**
 * The texts that name the $49 page's amounts by placeholder, wherever they are: its own file, its page file in
 * data/pages (title, description…) and the lead messages (booking e-mails). None may write a dollar amount, which
 * would contradict the amounts when they change; the page's texts may use only the placeholders filled for them.
 */
import { placeholderRules } from "./data-schemas/fields"
import { SCARSDALE_AMOUNTS } from "./data-schemas/scarsdale-offer"
import type { DataFile, DataProblem } from "./data-problem"

const SOURCE = "amounts in data/scarsdale-offer.yaml"
// What the page's components fill from site.yaml, besides the amounts, and the booking's reference and held window.
const COMPANY_FACTS = ["phone", "yearsLabel", "foundedYear", "reference", "window"]

/** Each text of `value` with its field path ("hero.heading", "items[0].quote"), but the `skip` fields. */
function* textsOf(value: unknown, at: string, skip: ReadonlySet<string>): Generator<[string, string]> {
  if (skip.has(at)) return
  if (typeof value === "string") yield [at, value]
  else if (Array.isArray(value))
    for (const [i, item] of value.entries()) yield* textsOf(item, `${at}[${String(i)}]`, skip)
  else if (typeof value === "object" && value !== null)
    for (const [key, inner] of Object.entries(value)) yield* textsOf(inner, at ? `${at}.${key}` : key, skip)
}

function check(
  { file, content }: DataFile,
  entry: string,
  placeholders: readonly string[] | null,
  skip: readonly string[],
): DataProblem[] {
  const rules = placeholderRules(placeholders, SCARSDALE_AMOUNTS, SOURCE)
  return [...textsOf(content, "", new Set(skip))].flatMap(([field, text]) =>
    rules.flatMap(([rule, message]) => (rule.test(text) ? [] : [{ file, entry, field, message }])),
  )
}

/** `pageTemplate`: the data/pages template whose pages' texts are filled with the amounts. */
export function validateAmountPlaceholders(files: readonly DataFile[], pageTemplate: string): DataProblem[] {
  return files.flatMap((data) => {
    if (data.file === "scarsdale-offer.yaml")
      return check(data, "scarsdale-offer", [...SCARSDALE_AMOUNTS, ...COMPANY_FACTS], ["amounts"])
    if (data.file === "lead-messages.yaml") return check(data, "lead-messages", null, [])
    if (data.file.startsWith("pages/") && data.content.template === pageTemplate)
      return check(data, String(data.content.path), SCARSDALE_AMOUNTS, [])
    return []
  })
}
