/**
 * @jest-environment node
 *
 * scripts/run-parallel.ts, which CI runs lint, format and the tests through: every script's output comes
 * through under its name, and the first failure stops the others and is the exit code.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

const RUNNER = path.resolve(__dirname, "..", "scripts", "run-parallel.ts")
const TSX = require.resolve("tsx/cli")

/** Runs the runner in a folder whose package.json has these scripts. */
function runParallel(scripts: Record<string, string>, names: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "run-parallel-"))
  try {
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "scratch", scripts }))
    const result = spawnSync(process.execPath, [TSX, RUNNER, ...names], { cwd: dir, encoding: "utf8" })
    return { status: result.status, output: `${result.stdout}${result.stderr}` }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

test("scripts that pass: exit 0, each line under its script's name, and each script's time", () => {
  const { status, output } = runParallel(
    { one: `node -e "console.log('from one')"`, two: `node -e "console.error('from two')"` },
    ["one", "two"],
  )
  expect(status).toBe(0)
  expect(output).toMatch(/^one │ from one$/m)
  expect(output).toMatch(/^two │ from two$/m)
  expect(output).toMatch(/^one │ passed after \d+ s$/m)
  expect(output).toMatch(/^two │ passed after \d+ s$/m)
})

test("the first failure stops a script that would run for an hour, and is the exit code", () => {
  const { status, output } = runParallel(
    { hour: `node -e "setTimeout(() => {}, 3600000)"`, broken: `node -e "process.exit(3)"` },
    ["hour", "broken"],
  )
  expect(status).toBe(3)
  expect(output).toMatch(/^broken │ FAILED \(exit 3\) after \d+ s$/m)
  expect(output).toMatch(/^hour {3}│ stopped after \d+ s$/m)
  expect(output).toContain("npm run broken failed; the other scripts were stopped.")
})

test("no script named: a usage line and exit 2", () => {
  const { status, output } = runParallel({}, [])
  expect(status).toBe(2)
  expect(output).toContain("Usage: tsx scripts/run-parallel.ts")
})
