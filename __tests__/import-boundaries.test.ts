/** @jest-environment node */
/**
 * Which way the site's imports may point (eslint.config.mjs): `src/` takes only the shared
 * kernel from the backend, src/lib imports no component, the contract is imported as types only where a page
 * loads it eagerly, and the kernel imports nothing outside kernel/. Each snippet is linted with the project's
 * own configuration in place of an existing file's text.
 */
import path from "node:path"
import { ESLint } from "eslint"

// The project's configuration, running only its import restrictions: they read the import statements alone, so
// the type-aware parser's program (some 15 s to build) is not made.
const eslint = new ESLint({
  cwd: path.join(__dirname, ".."),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: false } } },
  ruleFilter: ({ ruleId }) => ruleId.endsWith("no-restricted-imports"),
})

/** The import restrictions a snippet breaks, as "rule: message". */
async function restrictions(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  // A snippet that did not parse would pass every "no error" check: fail on it instead.
  const fatal = result?.messages.find((m) => m.fatal === true)
  if (!result || fatal) throw new Error(`${filePath} was not linted: ${fatal?.message ?? "no result"}`)
  return result.messages
    .filter((m) => m.ruleId?.endsWith("no-restricted-imports"))
    .map((m) => `${m.ruleId ?? ""}: ${m.message}`)
}

/** The kernel from src/lib/leads/ and src/components/ui/. */
const KERNEL = "../../../supabase/functions/_shared/kernel"
const RESTRICTED = "no-restricted-imports"

/** A module that imports `name` from `from` and uses it. */
const importing = (name: string, from: string) => `import { ${name} } from "${from}"\nexport const used = ${name}\n`

/** A snippet in place of `file`, and the one restriction it breaks (the rule, words of its message), or none. */
type Case = [title: string, file: string, code: string, broken: [rule: string, words: string] | null]

const LIB = "src/lib/leads/notices.ts"
const COMPONENT = "src/components/ui/panel.tsx"
const IN_KERNEL = "supabase/functions/_shared/kernel/contract.ts"
const OUTSIDE_KERNEL: [string, string] = [RESTRICTED, "code the site and the functions both use goes in the kernel"]

const CASES: Case[] = [
  [
    "src/ imports no backend module outside the kernel",
    "src/lib/pest-trail.ts",
    importing("createApp", "../../supabase/functions/_shared/app.ts"),
    OUTSIDE_KERNEL,
  ],
  ["not even by way of the kernel (kernel/../)", LIB, importing("createApp", `${KERNEL}/../app.ts`), OUTSIDE_KERNEL],
  ["src/ imports the kernel", COMPONENT, importing("fill", `${KERNEL}/escape.ts`), null],
  [
    "and the contract's types",
    COMPONENT,
    `import type { RequestOf } from "${KERNEL}/contract.ts"\nexport type R = RequestOf<"process-contact">\n`,
    null,
  ],
  [
    "src/lib imports no component",
    LIB,
    importing("ToastProvider", "../../components/ui/toaster"),
    [RESTRICTED, "src/lib does not import components"],
  ],
  ["components import lib", COMPONENT, importing("pestTrail", "../../lib/pest-trail"), null],
  [
    "the contract's schemas load after the page",
    LIB,
    importing("contactMessageSchema", `${KERNEL}/contract.ts`),
    [`@typescript-eslint/${RESTRICTED}`, "loadContract()"],
  ],
  [
    "the kernel imports nothing outside kernel/",
    IN_KERNEL,
    importing("createApp", "../app.ts"),
    [RESTRICTED, "The shared kernel imports nothing"],
  ],
  ["the kernel imports its own files", IN_KERNEL, importing("fill", "./escape.ts"), null],
  ["and npm packages", IN_KERNEL, importing("string", "yup"), null],
]

// The first case carries ESLint's start-up, slow on a busy machine.
test.each(CASES)(
  "%s",
  async (_title, file, code, broken) => {
    const found = await restrictions(file, code)
    expect(found).toHaveLength(broken ? 1 : 0)
    if (broken) expect(found[0]).toContain(`${broken[0]}: `)
    if (broken) expect(found[0]).toContain(broken[1])
  },
  300_000,
)
