/**
 * A throwaway copy of the project (sources and data copied, node_modules
 * linked), for builds and dev servers that must not touch this checkout's
 * .cache and public/: broken-data builds, the develop test, the build benchmark.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { stripVTControlCharacters } from "node:util"

export const PROJECT_ROOT = path.resolve(__dirname, "..")
// Gatsby compiles its config with Parcel, which does not follow symlinks: copy the sources (src imports the
// functions' shared contract from supabase/), link node_modules. .gitignore too: Tailwind skips what it lists, and
// without it scans .cache/ and public/, whose every write then rebuilds the CSS again in `gatsby develop`.
const COPIED = [
  ".gitignore",
  ".babelrc.js",
  ".browserslistrc",
  ".parcelrc",
  "data",
  "src",
  "static",
  "gatsby",
  "supabase",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "package.json",
  "tsconfig.json",
  "postcss.config.js",
]

export interface ScratchProject {
  dir: string
  dataDir: string
  remove: () => void
}

export function scratchProject(prefix = "scratch-"): ScratchProject {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  fs.symlinkSync(path.join(PROJECT_ROOT, "node_modules"), path.join(dir, "node_modules"))
  for (const name of COPIED) fs.cpSync(path.join(PROJECT_ROOT, name), path.join(dir, name), { recursive: true })
  return { dir, dataDir: path.join(dir, "data"), remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

/**
 * The environment of a gatsby command in a throwaway copy, with `env` added: no telemetry; Parcel compiles
 * gatsby-config and gatsby-node in its own process (starting a pool of workers costs more CPU than those few
 * files take); webpack keeps its cache in memory (gatsby/webpack-config.ts), as no later run reads it; Gatsby
 * runs queries and renders pages in its own process, not in workers that each load the site again (a build
 * in a scratch copy, four each way: 65-75 s of CPU with the workers, 58-71 s without, 6 s less on average).
 */
export const throwawayGatsbyEnv = (env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  GATSBY_TELEMETRY_DISABLED: "1",
  PARCEL_WORKERS: "0",
  WEBPACK_CACHE: "memory",
  GATSBY_CPU_COUNT: "1",
  ...env,
})

/** Gatsby's output with colours removed and its wrapped lines joined, for matching messages. */
export const plainOutput = (text: string) => stripVTControlCharacters(text).replace(/\s+/g, " ")

/** `gatsby build` in a scratch copy; returns its time in ms and throws with Gatsby's output when it fails. */
export function buildScratch(project: ScratchProject): number {
  const started = performance.now()
  const result = spawnSync(process.execPath, [require.resolve("gatsby/cli.js"), "build"], {
    cwd: project.dir,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "true" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
  const ms = performance.now() - started
  if (result.status !== 0)
    throw new Error(
      `gatsby build failed in ${project.dir}:\n${plainOutput(`${result.stdout}${result.stderr}`).slice(-3000)}`,
    )
  return ms
}
