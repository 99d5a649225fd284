/**
 * Checks every translation (es:, and each other language of kernel/languages.ts) of the data files: every
 * text there, with the field's rules, and lists the texts still identical to their English. `npx tsx scripts/i18n/check-translations.ts [data/file.yaml ...]`
 * (all translated files when none is named). Exit code 1 when a problem is found.
 */
import fs from "node:fs"
import path from "node:path"
import { load } from "js-yaml"
import { findDataFileKind } from "../../gatsby/data-schemas"
import { isTranslated, languagesOf, TRANSLATIONS } from "../../gatsby/i18n/data-file"
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES } from "../../supabase/functions/_shared/kernel/languages"
import { textPairs, translationProblems } from "../../gatsby/i18n/translations"

const DATA = path.resolve("data")
const walk = (dir: string): string[] =>
  fs.readdirSync(path.join(DATA, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name
    return entry.isDirectory() ? walk(rel) : /\.ya?ml$/.test(entry.name) ? [rel] : []
  })

const named = process.argv.slice(2).map((file) => path.relative(DATA, path.resolve(file)))
const files = (named.length > 0 ? named : walk("")).filter(isTranslated)
let failed = false
for (const file of files) {
  const kind = findDataFileKind(file)
  if (!kind) continue
  const sections = languagesOf(load(fs.readFileSync(path.join(DATA, file), "utf8")))
  for (const language of TRANSLATIONS) {
    const [english, translation] = [sections[DEFAULT_LANGUAGE], sections[language]]
    const problems = translationProblems(kind.schema, english, translation, language, LANGUAGE_NAMES[language])
    const same = textPairs(kind.schema, english, translation).filter((pair) => pair.english === pair.translated)
    for (const problem of problems) console.log(`data/${file} ${problem.field}: ${problem.message}`)
    for (const pair of same)
      console.log(`data/${file} ${language}.${pair.field}: same as English: "${pair.english.slice(0, 70)}"`)
    if (problems.length > 0) failed = true
  }
}
process.exitCode = failed ? 1 : 0
