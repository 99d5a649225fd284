/**
 * A real `gatsby build` over a data folder with one broken file must fail
 * and name the file, the entry and the field. It runs in a scratch copy of
 * the project so the real build in public/ is untouched.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { plainOutput, scratchProject, throwawayGatsbyEnv } from "../scripts/scratch-project"

// No clock on the build itself: it fails at bootstrap once the data is read, however slow the machine.
jest.setTimeout(600_000)

function buildWithData(edit: (dataDir: string) => void) {
  const project = scratchProject("broken-data-")
  edit(project.dataDir)
  const result = spawnSync(process.execPath, [require.resolve("gatsby/cli.js"), "build"], {
    cwd: project.dir,
    env: throwawayGatsbyEnv({ CI: "true" }),
    encoding: "utf8",
  })
  project.remove()
  return { status: result.status, output: plainOutput(`${result.stdout}${result.stderr}`) }
}

const replaceIn = (file: string, from: string, to: string) => {
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(from, to))
}

test("a wrong value fails the build naming file, entry and field", () => {
  const { status, output } = buildWithData((data) => {
    replaceIn(path.join(data, "pests", "ticks.yaml"), "urgency: Urgent", "urgency: Very High")
  })
  expect(status).not.toBe(0)
  expect(output).toContain(
    'Invalid data in data/pests/ticks.yaml, entry "ticks", field "urgency": must be one of the following values: Critical, Urgent, Immediate, Seasonal, Common Issue',
  )
})

test("a pest whose slug is not its file name fails the build", () => {
  const { status, output } = buildWithData((data) => {
    fs.renameSync(path.join(data, "pests", "roaches.yaml"), path.join(data, "pests", "roachs.yaml"))
  })
  expect(status).not.toBe(0)
  expect(output).toContain(
    'Invalid data in data/pests/roachs.yaml, entry "roaches", field "slug": must match the file name (pests/roaches.yaml)',
  )
})

test("a Spanish text removed fails the build naming file, entry and field", () => {
  const { status, output } = buildWithData((data) => {
    const file = path.join(data, "pests", "ticks.yaml")
    const text = fs.readFileSync(file, "utf8")
    const spanish = text.indexOf("\nes:\n")
    // The translation's heading, and only it: the English stays whole.
    fs.writeFileSync(file, text.slice(0, spanish) + text.slice(spanish).replace(/\n {2}heading: [^\n]*/, ""))
  })
  expect(status).not.toBe(0)
  expect(output).toContain(
    'Invalid data in data/pests/ticks.yaml, entry "ticks", field "es.heading": is missing its Spanish text (en: "Tick Control")',
  )
})
