/**
 * `npm run check:install`: installs a scratch copy of the project (package.json, the lock file, patches/) the
 * way a future npm will, with install scripts limited to package.json's `allowScripts` and any script the
 * policy does not cover an error (`--strict-allow-scripts`), from the local cache where it can
 * (`--prefer-offline`); then checks that what the allowed scripts make, and what the denied ones would have
 * made, works: sharp converts a picture, SWC compiles, Deno and esbuild run, lmdb opens a store, Gatsby starts,
 * the Nu checker runs on the machine's Java. `--here` runs the checks on this checkout's node_modules only.
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PROJECT_ROOT } from "./scratch-project"

/** Each check: a command run in the installed project, and what its output must contain. */
const CHECKS: Array<{ what: string; command: string[]; expect: RegExp }> = [
  {
    what: "sharp converts a picture (its native binding loads)",
    command: [
      process.execPath,
      "-e",
      "require('sharp')({create:{width:2,height:2,channels:3,background:'#fff'}}).webp().toBuffer().then(b=>console.log('webp',b.length))",
    ],
    expect: /^webp \d+/,
  },
  {
    what: "SWC compiles (its platform binary loads without its denied postinstall: Jest's transform)",
    command: [process.execPath, "-e", "console.log('swc',require('@swc/core').transformSync('let a=1').code.trim())"],
    expect: /^swc (let|var) a = 1;/,
  },
  { what: "Deno runs", command: ["node_modules/.bin/deno", "--version"], expect: /^deno \d+\.\d+/ },
  { what: "esbuild runs", command: ["node_modules/.bin/esbuild", "--version"], expect: /^\d+\.\d+\.\d+/ },
  {
    what: "lmdb opens a store (Gatsby's data store)",
    command: [
      process.execPath,
      "-e",
      "const d=require('lmdb').open({path:require('fs').mkdtempSync(require('os').tmpdir()+'/lmdb-')});d.putSync('k',1);console.log('lmdb',d.get('k'))",
    ],
    expect: /^lmdb 1/,
  },
  {
    what: "Gatsby starts",
    command: [process.execPath, "node_modules/gatsby/cli.js", "--version"],
    expect: /Gatsby CLI version/,
  },
  {
    what: "the Nu HTML Checker runs on the machine's Java",
    command: ["java", "-jar", "node_modules/vnu-jar/build/dist/vnu.jar", "--version"],
    expect: /^\d+\.\d+/,
  },
]

function check(dir: string) {
  for (const { what, command, expect } of CHECKS) {
    const [file = "", ...args] = command
    const output = execFileSync(file, args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim()
    if (!expect.test(output)) throw new Error(`${what}: unexpected output ${JSON.stringify(output)}`)
    console.log(`ok  ${what}: ${output.split("\n")[0] ?? ""}`)
  }
}

function main() {
  if (process.argv.includes("--here")) {
    check(PROJECT_ROOT)
    return
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "install-check-"))
  try {
    for (const name of ["package.json", "package-lock.json", "patches"])
      fs.cpSync(path.join(PROJECT_ROOT, name), path.join(dir, name), { recursive: true })
    const started = performance.now()
    execFileSync(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", "--strict-allow-scripts", "--loglevel=warn"],
      { cwd: dir, stdio: "inherit" },
    )
    console.log(`installed in strict mode in ${String(Math.round((performance.now() - started) / 1000))} s`)
    check(dir)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

main()
