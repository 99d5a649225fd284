/**
 * The project's import graph, type-only imports included, and its cycles. ESLint's import-x/no-cycle
 * keeps value imports acyclic but skips `import type`; a type-only circle is a seam come undone too
 * (two modules that each describe the other), so the test over this graph counts both.
 */
import fs from "node:fs"
import path from "node:path"

/** The folders of hand-written code: everything ESLint lints, minus what is generated or installed. */
export const SOURCE_ROOTS = ["src", "gatsby", "server", "scripts", "supabase/functions", "__tests__", "e2e"]
const SKIPPED = new Set(["node_modules", ".cache", "public"])
const SOURCE_FILE = /\.(ts|tsx|mjs)$/
const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.tsx"]

/** `from "x"`, `import "x"`, `import("x")`, `require("x")`, `jest.mock("x")`: each relative specifier. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\(\s*|\bmock\(\s*)["'](\.{1,2}\/[^"']+)["']/g

function sourceFiles(root: string, dir: string): string[] {
  const absolute = path.join(root, dir)
  if (!fs.existsSync(absolute)) return []
  return fs.readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return []
    const relative = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(root, relative)
    return SOURCE_FILE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [relative] : []
  })
}

function resolve(root: string, from: string, specifier: string): string | null {
  const base = path.join(path.dirname(from), specifier)
  for (const extension of EXTENSIONS) {
    const candidate = base + extension
    const absolute = path.join(root, candidate)
    if (fs.existsSync(absolute) && fs.statSync(absolute).isFile()) return path.normalize(candidate)
  }
  return null
}

/** Each source file (relative to root) and the project files it imports. */
export function importGraph(root: string, roots: readonly string[] = SOURCE_ROOTS): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of roots.flatMap((dir) => sourceFiles(root, dir))) {
    // Comments can name a module in prose ("import from …"): only code counts.
    const code = fs.readFileSync(path.join(root, file), "utf8").replace(/\/\*[\s\S]*?\*\/|(^|[^:"'])\/\/.*$/gm, "$1")
    const targets = [...code.matchAll(SPECIFIER)].flatMap((match) => {
      const target = match[1] ? resolve(root, file, match[1]) : null
      return target ? [target] : []
    })
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** Every strongly connected group of two or more files (or a file importing itself), each sorted (Tarjan). */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (file: string) => {
    index.set(file, counter)
    low.set(file, counter)
    counter += 1
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0))
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member)
      group.push(member)
      if (member === file) break
    }
    if (group.length > 1 || graph.get(file)?.includes(file)) cycles.push(group.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return cycles
}

if (require.main === module) {
  const cycles = importCycles(importGraph(process.cwd()))
  for (const cycle of cycles) console.log(`cycle of ${cycle.length}: ${cycle.join(" → ")}`)
  console.log(`${cycles.length} import cycle(s)`)
  process.exitCode = cycles.length > 0 ? 1 : 0
}
