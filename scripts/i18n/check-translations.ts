/**
 * Checks the Spanish (es:) sections of data files: every text there, with the field's rules, and lists the
 * texts still identical to their English. `npx tsx scripts/i18n/check-translations.ts [data/file.yaml ...]`
 * (all translated files when none is named). Exit code 1 when a problem is found.
 */
import fs from "node:fs"
import path from "node:path"
import { load } from "js-yaml"
import { findDataFileKind } from "../../gatsby/data-schemas"
import { isTranslated, languagesOf } from "../../gatsby/i18n/data-file"
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
  const { en, es } = languagesOf(load(fs.readFileSync(path.join(DATA, file), "utf8")))
  const problems = translationProblems(kind.schema, en, es, "es", "Spanish")
  const same = textPairs(kind.schema, en, es).filter((pair) => pair.english === pair.translated)
  for (const problem of problems) console.log(`data/${file} ${problem.field}: ${problem.message}`)
  for (const pair of same) console.log(`data/${file} es.${pair.field}: same as English: "${pair.english.slice(0, 70)}"`)
  if (problems.length > 0) failed = true
}
process.exitCode = failed ? 1 : 0
