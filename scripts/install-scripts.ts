/**
 * Which dependencies may run install scripts (package.json's `allowScripts`, npm 11's install-script
 * policy), and why. npm 11 warns about packages the policy does not cover and, with
 * `--strict-allow-scripts` (as `.ci/run` installs), refuses to install; a later npm skips them by default.
 * Every package with an install script in package-lock.json is listed here, allowed or denied with a reason
 * (__tests__/install-scripts.test.ts), and `npm run check:install` installs a scratch copy in strict mode and
 * checks that what those scripts would have made works.
 */
import fs from "node:fs"
import path from "node:path"

/** Allowed: each makes or verifies a native binary the project runs, or builds it where no prebuilt fits. */
export const ALLOWED_INSTALL_SCRIPTS: Readonly<Record<string, string>> = {
  sharp: "checks that its prebuilt libvips binding (@img/sharp-*) fits this machine, else builds it: the site's images",
  esbuild:
    "checks its platform binary (@esbuild/*), links it as bin/esbuild, and fetches it from the registry when the lock file lacks this platform's: tsx runs every script on it",
  deno: "links the platform's Deno binary (@deno/*) as the bin entry: the backend's tests run the functions on Deno",
  lmdb: "uses its prebuilt (@lmdb/*) or builds the binding: Gatsby's data store and Parcel's cache",
  "msgpackr-extract": "uses its prebuilt (@msgpackr-extract/*) or builds it: lmdb's fast (de)serialiser",
  "@parcel/watcher":
    "builds its binding from source only where no prebuilt (@parcel/watcher-*) fits: Gatsby compiles its config with Parcel",
}

/** Denied: the project works without what they do (npm skips them silently). */
export const DENIED_INSTALL_SCRIPTS: Readonly<Record<string, string>> = {
  "@swc/core":
    "checks that its platform binary (@swc/core-*, an optional dependency npm installs without a script) loads, else installs @swc/wasm: the binary loads (Jest's transform)",
  "core-js": "prints a funding banner",
  "core-js-pure": "prints a funding banner",
  "es5-ext": "prints a message for some time zones",
  gatsby:
    "fetches the newest API and adapter lists from unpkg/GitHub; Gatsby falls back to the lists it ships (and fetches them at build time anyway)",
  "gatsby-cli": "prints a welcome message on global installs",
  "vnu-jar":
    "downloads a Temurin Java from GitHub; the Nu checker runs on the machine's java (Debian's default-jre-headless, installed by .ci/run)",
}

export interface InstallScriptPackage {
  /** The package's name, e.g. "lmdb" or "@parcel/watcher". */
  name: string
  version: string
  /** Where it is installed, e.g. "node_modules/@parcel/cache/node_modules/lmdb". */
  location: string
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** Every package in the lock file that has an install script (`hasInstallScript: true`). */
export function packagesWithInstallScripts(root: string): InstallScriptPackage[] {
  const lock: unknown = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8"))
  const packages = isRecord(lock) && isRecord(lock.packages) ? lock.packages : {}
  return Object.entries(packages).flatMap(([location, entry]) =>
    location !== "" && isRecord(entry) && entry.hasInstallScript === true
      ? [
          {
            name: location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length),
            version: typeof entry.version === "string" ? entry.version : "",
            location,
          },
        ]
      : [],
  )
}

/** package.json's `allowScripts`, by package name (an entry may be "name" or "name@version range"). */
export function allowScriptsPolicy(root: string): Map<string, boolean> {
  const manifest: unknown = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"))
  const field = isRecord(manifest) && isRecord(manifest.allowScripts) ? manifest.allowScripts : {}
  const policy = new Map<string, boolean>()
  for (const [key, allowed] of Object.entries(field)) {
    const at = key.indexOf("@", 1)
    policy.set(at === -1 ? key : key.slice(0, at), allowed === true)
  }
  return policy
}
