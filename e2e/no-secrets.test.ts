/**
 * No server secret in public/: every file of the build is searched for the canary values
 * `npm test` builds with (scripts/build-with-canaries.ts) and for strings shaped like secrets.
 */
import fs from "node:fs"
import path from "node:path"
import { CANARY_BUILD_MARKER, CANARY_NEEDLES, compilationHash } from "../scripts/secret-canaries"
import { findSecrets } from "../scripts/secret-scan"

const PUBLIC = path.resolve("public")

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })

test("public/ is the build made with canary secrets in its environment", () => {
  const built = compilationHash(fs.readFileSync(path.join(PUBLIC, "index.html"), "utf8"))
  const marker = fs.existsSync(CANARY_BUILD_MARKER)
    ? (JSON.parse(fs.readFileSync(CANARY_BUILD_MARKER, "utf8")) as { compilationHash: string | null })
    : null
  if (process.env.E2E_REQUIRE_CANARY_BUILD !== "1") {
    // Run on its own after a plain `npm run build`: the scan below still runs, without proof the canaries were set.
    if (marker?.compilationHash !== built)
      console.warn("public/ was not built by `npm run build:canaries`; the canary values prove nothing for this build")
    return
  }
  expect({ canaryBuild: marker?.compilationHash, publicBuild: built }).toEqual({
    canaryBuild: built,
    publicBuild: built,
  })
})

test("no file under public/ holds a canary value or a secret-shaped string", () => {
  const files = filesUnder(PUBLIC)
  expect(files.length).toBeGreaterThan(50)
  const leaks = files.flatMap((file) =>
    // latin1 keeps every byte, so binary files are searched too without decoding errors.
    // File and kind only: a real secret must not be copied into the test log.
    findSecrets(fs.readFileSync(file).toString("latin1"), CANARY_NEEDLES).map(
      (f) => `${path.relative(PUBLIC, file)}: ${f.kind}`,
    ),
  )
  expect(leaks).toEqual([])
})
