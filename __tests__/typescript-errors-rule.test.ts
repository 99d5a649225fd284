/**
 * @jest-environment node
 *
 * The type check runs inside ESLint (scripts/eslint/typescript-errors.mjs): what `tsc --noEmit` reports
 * must fail `npm run lint`, naming the file, the place and TypeScript's message.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { ESLint } from "eslint"

const RULE = path.join(__dirname, "..", "scripts", "eslint", "typescript-errors.mjs")

let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typescript-errors-"))
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    // The ES library alone (no DOM, no @types): what the checks need, at a fraction of the parsing.
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noUnusedLocals: true,
        noEmit: true,
        target: "es2022",
        lib: ["es2022"],
        types: [],
      },
      include: ["*.ts"],
    }),
  )
  // ESLint loads the rule as the project's config does (an ES module), with only this rule on.
  const url = (file: string) => JSON.stringify(pathToFileURL(file).href)
  fs.writeFileSync(
    path.join(dir, "eslint.config.mjs"),
    `import tseslint from ${url(require.resolve("typescript-eslint"))}
import { typescriptErrors } from ${url(RULE)}
export default [{
  files: ["**/*.ts"],
  languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  plugins: { local: { rules: { "typescript-errors": typescriptErrors } } },
  rules: { "local/typescript-errors": "error" },
}]
`,
  )
})
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

/** ESLint with only the rule, over `files` written to the scratch project; each file's messages. */
async function lint(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text)
  const eslint = new ESLint({ cwd: dir })
  const results = await eslint.lintFiles(Object.keys(files))
  return Object.fromEntries(
    results.map((r) => [path.basename(r.filePath), r.messages.map((m) => `${m.line}:${m.column} ${m.message}`)]),
  )
}

test("a type error, an unused local and a broken call across files are lint errors with TypeScript's words", async () => {
  const messages = await lint({
    "price.ts": "export function price(dollars: number): string {\n  return `$${dollars}`\n}\n",
    "offer.ts": 'import { price } from "./price"\nconst unused = 1\nexport const label: string = price("49")\n',
    "fine.ts": 'import { price } from "./price"\nexport const ok = price(49)\n',
  })
  expect(messages["fine.ts"]).toEqual([])
  expect(messages["price.ts"]).toEqual([])
  expect(messages["offer.ts"]).toEqual([
    "2:7 TS6133: 'unused' is declared but its value is never read.",
    "3:36 TS2345: Argument of type 'string' is not assignable to parameter of type 'number'.",
  ])
})

test("a syntax error TypeScript finds is reported too", async () => {
  const messages = await lint({ "broken.ts": "export const total = (1 +\n" })
  expect(messages["broken.ts"]?.join("\n")).toMatch(/Parsing error|TS1109/)
})
