/** `npm run validate:data`: checks every file in data/ against its schema, as the build does, and prints each problem. */
import fs from "node:fs"
import path from "node:path"
import { load } from "js-yaml"
import { dataDir } from "../gatsby/site-config"
import { formatProblem, validateDataFile } from "../gatsby/validate-data"

const root = dataDir()
const files = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name
    return entry.isDirectory() ? files(rel) : /\.ya?ml$/.test(entry.name) ? [rel] : []
  })

let problems = 0
for (const file of files("")) {
  let content: unknown
  try {
    content = load(fs.readFileSync(path.join(root, file), "utf8"))
  } catch (error) {
    console.error(`data/${file}: not valid YAML: ${(error as Error).message.split("\n")[0]}`)
    problems++
    continue
  }
  for (const problem of validateDataFile(file, (content ?? {}) as Record<string, unknown>)) {
    console.error(formatProblem(problem))
    problems++
  }
}
console.log(problems === 0 ? "All data files are valid." : `${problems} problem(s).`)
process.exitCode = problems === 0 ? 0 : 1
