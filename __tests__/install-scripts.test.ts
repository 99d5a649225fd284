/** @jest-environment node */
/**
 * npm 11's install-script policy (package.json's `allowScripts`): every dependency with an install script in
 * the lock file is either allowed or denied on purpose, with the reason in scripts/install-scripts.ts, so an
 * npm that skips or refuses unlisted scripts still installs a working project.
 */
import fs from "node:fs"
import path from "node:path"
import {
  ALLOWED_INSTALL_SCRIPTS,
  DENIED_INSTALL_SCRIPTS,
  allowScriptsPolicy,
  packagesWithInstallScripts,
} from "../scripts/install-scripts"

const ROOT = path.join(__dirname, "..")
const withScripts = packagesWithInstallScripts(ROOT)
const policy = allowScriptsPolicy(ROOT)

test("the lock file lists the packages with install scripts (the check reads something)", () => {
  expect(withScripts.map((p) => p.name)).toEqual(expect.arrayContaining(["sharp", "esbuild", "deno", "lmdb"]))
})

test("every package with an install script is allowed or denied in package.json's allowScripts", () => {
  const uncovered = withScripts.filter((p) => !policy.has(p.name)).map((p) => `${p.name}@${p.version} (${p.location})`)
  expect(uncovered).toEqual([])
})

test("each allowed package says why its script is needed, each denied one why it is not", () => {
  const problems: string[] = []
  for (const [name, allowed] of policy) {
    const reasons = allowed ? ALLOWED_INSTALL_SCRIPTS : DENIED_INSTALL_SCRIPTS
    if (!reasons[name]) problems.push(`${name} is ${allowed ? "allowed" : "denied"} with no reason`)
  }
  for (const name of Object.keys(ALLOWED_INSTALL_SCRIPTS))
    if (policy.get(name) !== true) problems.push(`${name} has a reason to be allowed but is not`)
  for (const name of Object.keys(DENIED_INSTALL_SCRIPTS))
    if (policy.get(name) !== false) problems.push(`${name} has a reason to be denied but is not`)
  expect(problems).toEqual([])
})

test("no stale entry: every package in allowScripts has an install script in the lock file", () => {
  const names = new Set(withScripts.map((p) => p.name))
  expect([...policy.keys()].filter((name) => !names.has(name))).toEqual([])
})

test("CI installs in strict mode, so a script the policy does not cover fails the install", () => {
  const ci = fs.readFileSync(path.join(ROOT, ".ci", "run"), "utf8")
  expect(ci).toMatch(/npm install [^\n]*--strict-allow-scripts/)
})
