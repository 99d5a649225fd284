/** @jest-environment node */
/**
 * Which way the site's imports may point (eslint.config.mjs, issue 26 item 4): `src/` takes only the shared
 * kernel from the backend, src/lib imports no component, the contract is imported as types only where a page
 * loads it eagerly, and the kernel imports nothing outside kernel/. Each snippet is linted with the project's
 * own configuration in place of an existing file's text (the type-aware parser knows only the project's files).
 */
import path from "node:path"
import { ESLint } from "eslint"

// One ESLint for the file: with type information it takes about 30 s to start.
const eslint = new ESLint({ cwd: path.join(__dirname, "..") })

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

/** One restriction broken: `rule`'s, with `words` in its message. */
function expectOne(found: readonly string[], rule: string, words: string) {
  expect(found).toHaveLength(1)
  expect(found[0]).toContain(`${rule}: `)
  expect(found[0]).toContain(words)
}

/** The kernel from src/lib/leads/ and src/components/ui/. */
const KERNEL = "../../../supabase/functions/_shared/kernel"

test("src/ imports the backend's shared kernel, and nothing else of the backend", async () => {
  expectOne(
    await restrictions(
      "src/lib/pest-trail.ts",
      `import { createApp } from "../../supabase/functions/_shared/app.ts"\nexport const app = createApp\n`,
    ),
    "no-restricted-imports",
    "code the site and the functions both use goes in the kernel",
  )
  // A way out of the kernel through it is still a way out.
  expectOne(
    await restrictions(
      "src/components/ui/panel.tsx",
      `import { fill } from "../../../supabase/functions/_shared/kernel/../mail/escape.ts"\nexport const f = fill\n`,
    ),
    "no-restricted-imports",
    "goes in the kernel",
  )
  expect(
    await restrictions(
      "src/components/ui/panel.tsx",
      `import { fill } from "${KERNEL}/escape.ts"\nimport type { RequestOf } from "${KERNEL}/contract.ts"\nexport const f = fill\nexport type R = RequestOf<"process-contact">\n`,
    ),
  ).toEqual([])
}, 300_000)

test("src/lib imports no component; components import lib", async () => {
  expectOne(
    await restrictions(
      "src/lib/leads/notices.ts",
      `import { ToastProvider } from "../../components/ui/toaster"\nexport const p = ToastProvider\n`,
    ),
    "no-restricted-imports",
    "src/lib does not import components",
  )
  expect(
    await restrictions(
      "src/components/ui/panel.tsx",
      `import { pestTrail } from "../../lib/pest-trail"\nexport const t = pestTrail\n`,
    ),
  ).toEqual([])
}, 180_000)

test("the contract is imported as types only (its schemas load after the page)", async () => {
  expectOne(
    await restrictions(
      "src/lib/leads/notices.ts",
      `import { contactMessageSchema } from "${KERNEL}/contract.ts"\nexport const s = contactMessageSchema\n`,
    ),
    "@typescript-eslint/no-restricted-imports",
    "loadContract()",
  )
}, 180_000)

test("the kernel imports nothing outside kernel/", async () => {
  const kernelFile = "supabase/functions/_shared/kernel/contract.ts"
  expectOne(
    await restrictions(kernelFile, `import { createApp } from "../app.ts"\nexport const app = createApp\n`),
    "no-restricted-imports",
    "The shared kernel imports nothing",
  )
  expect(
    await restrictions(
      kernelFile,
      `import { fill } from "./escape.ts"\nimport { string } from "yup"\nexport const f = [fill, string]\n`,
    ),
  ).toEqual([])
}, 180_000)
