/**
 * One-off: put every visitor's data file under `en:` (comments and layout kept) and add an `es:` section
 * holding its texts, in English, for the translator to replace.
 */
import fs from "node:fs"
import path from "node:path"
import { dump, load } from "js-yaml"
import { findDataFileKind } from "../../gatsby/data-schemas"
import { isTranslated } from "../../gatsby/i18n/data-file"
import { textsOf } from "../../gatsby/i18n/translations"

const DATA = path.resolve("data")
const walk = (dir: string): string[] =>
  fs.readdirSync(path.join(DATA, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name
    return entry.isDirectory() ? walk(rel) : /\.ya?ml$/.test(entry.name) ? [rel] : []
  })

for (const rel of walk("")) {
  if (!isTranslated(rel)) continue
  const kind = findDataFileKind(rel)
  if (!kind) continue
  const source = fs.readFileSync(path.join(DATA, rel), "utf8")
  const parsed = load(source) as Record<string, unknown>
  if ("en" in parsed) continue
  const texts = textsOf(kind.schema, parsed)
  const indent = (text: string) =>
    text
      .split("\n")
      .map((line) => (line.trim() ? `  ${line}` : line))
      .join("\n")
  const leading = source.match(/^(?:#.*\n)+/)?.[0] ?? ""
  const body = source.slice(leading.length)
  const out = `${leading}en:\n${indent(body.trimEnd())}\nes:\n${indent(dump(texts, { lineWidth: 120, noRefs: true }).trimEnd())}\n`
  fs.writeFileSync(path.join(DATA, rel), out)
  console.log(rel)
}
