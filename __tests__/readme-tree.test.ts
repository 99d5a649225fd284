/**
 * The README's "Where things are" is how a newcomer finds where a change goes: every folder directly
 * under the code's roots must be in it, by its full path, so a folder added without a line there fails.
 */
import fs from "node:fs"
import path from "node:path"

const ROOTS = ["src", "src/components", "src/lib", "gatsby", "server", "supabase/functions/_shared"]

const readme = fs.readFileSync(path.join(__dirname, "..", "README.md"), "utf8")
const section = /^## Where things are\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? ""

const foldersUnder = (root: string) =>
  fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "node_modules")
    .map((entry) => `${root}/${entry.name}/`)

describe('README "Where things are"', () => {
  it("is there", () => {
    expect(section.length).toBeGreaterThan(0)
  })

  it.each(ROOTS.flatMap(foldersUnder))("names %s", (folder) => {
    expect(section).toContain(folder)
  })
})
