/**
 * The content editor's page at /admin/: an HTML page that loads Decap CMS's prebuilt bundle (the
 * pinned `decap-cms` package, copied under a versioned folder so its files can be cached for good)
 * and the configuration generated from the data schemas. No site page imports any of it.
 */
import { createHash } from "node:crypto"
import fs from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"

// Resolved from the project (Gatsby runs there): Gatsby compiles gatsby-node's imports with Parcel,
// whose bundle has no require.resolve.
const packageDir = () =>
  path.dirname(createRequire(path.join(process.cwd(), "package.json")).resolve("decap-cms/package.json"))

export const decapVersion = (): string => {
  const manifest: unknown = JSON.parse(fs.readFileSync(path.join(packageDir(), "package.json"), "utf8"))
  const version = typeof manifest === "object" && manifest !== null && "version" in manifest ? manifest.version : ""
  if (typeof version !== "string" || !/^\d+\.\d+\.\d+$/.test(version))
    throw new Error(`decap-cms/package.json has no version: reinstall with npm install`)
  return version
}

/** The bundle's folder under /admin/: a new Decap version is a new address, never a stale cached file. */
export const bundleFolder = () => `decap-cms-${decapVersion()}`

// The entry script, the chunks it loads on demand (editor widgets), their WebAssembly and the licence
// notice; not the source maps (30 MB) nor the `*.cms.js` copies the package also ships.
const BUNDLE_FILE = /^(decap-cms\.js|\d+\.decap-cms\.js|[0-9a-f]+\.wasm|decap-cms\.js\.LICENSE\.txt)$/

/** The bundle's files, as absolute paths in node_modules. */
export function bundleFiles(): string[] {
  const dist = path.join(packageDir(), "dist")
  return fs
    .readdirSync(dist)
    .filter((name) => BUNDLE_FILE.test(name))
    .sort()
    .map((name) => path.join(dist, name))
}

/**
 * The page: no inline script (its own policy needs no hash), kept out of search engines and sending
 * no Referer to GitHub or Netlify.
 */
export const adminIndexHtml = (scriptFile: string, bundle = bundleFolder()) =>
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex, nofollow">
    <meta name="referrer" content="no-referrer">
    <title>Content editor</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <link href="config.yml" type="text/yaml" rel="cms-config-url">
  </head>
  <body>
    <script src="${bundle}/decap-cms.js"></script>
    <script src="${scriptFile}"></script>
  </body>
</html>
`

/** One file of the admin: its path under /admin/ and either its text or the file to copy. */
export type AdminFile = { path: string; text: string } | { path: string; source: string }

/** Named after its content, like the site's scripts, so the host's year-long cache of `*.js` is right for it. */
export const editorScriptFileName = (script: string) =>
  `editor-${createHash("sha256").update(script).digest("hex").slice(0, 16)}.js`

/** `script`: what the admin adds to Decap (the blank-field handler, the set-once widget), after its bundle. */
export function adminFiles(editor: { configYaml: string; script: string }): AdminFile[] {
  const bundle = bundleFolder()
  const script = editorScriptFileName(editor.script)
  return [
    { path: "index.html", text: adminIndexHtml(script, bundle) },
    { path: "config.yml", text: editor.configYaml },
    { path: script, text: editor.script },
    ...bundleFiles().map((source) => ({ path: `${bundle}/${path.basename(source)}`, source })),
  ]
}

/** Writes the admin into <publicDir>/admin/. */
export async function writeAdminFiles(publicDir: string, files: readonly AdminFile[]) {
  const dir = path.join(publicDir, "admin")
  await fs.promises.rm(dir, { recursive: true, force: true })
  for (const file of files) {
    const target = path.join(dir, file.path)
    await fs.promises.mkdir(path.dirname(target), { recursive: true })
    if ("text" in file) await fs.promises.writeFile(target, file.text)
    else await fs.promises.copyFile(file.source, target)
  }
}
