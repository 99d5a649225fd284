/**
 * `npm run bench:cms`: what the content editor costs. Over the build in public/ (served as the host
 * serves it) and Decap's local proxy on a scratch copy of the project: the bytes and requests until
 * the editor's sign-in shows, the time from "Publish now" to the changed file, and a production build
 * of the scratch copy with the change (cold cache). Needs a build: `npm run build` first.
 */
import fs from "node:fs"
import path from "node:path"
import { fill, openEditor, publish } from "../../e2e/cms-editor"
import { launchChromium } from "../chromium"
import { startCmsProxy } from "../cms/proxy"
import { startHostServer } from "../host-server"
import { buildScratch, scratchProject } from "../scratch-project"

async function main() {
  if (!fs.existsSync(path.join("public", "admin", "index.html")))
    throw new Error("No editor in public/admin: run `npm run build` first")
  const project = scratchProject("bench-cms-")
  const proxy = await startCmsProxy(project.dir)
  const host = await startHostServer({ root: "public" })
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const cdp = await page.context().newCDPSession(page)
    let bytes = 0
    let requests = 0
    await cdp.send("Network.enable")
    cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength
      requests += 1
    })
    const opened = performance.now()
    await page.goto(`${host.url}/admin/`)
    await page.getByRole("button", { name: "Login" }).waitFor()
    const signIn = performance.now() - opened
    const signInBytes = bytes
    const signInRequests = requests

    await openEditor(page, host.url, "#/collections/offers/entries/yonkers39")
    await fill(page, "Price", "$41")
    const file = path.join(project.dataDir, "offers", "yonkers39.yaml")
    const clicked = performance.now()
    await publish(page)
    while (!fs.readFileSync(file, "utf8").includes("$41")) await new Promise((resolve) => setTimeout(resolve, 10))
    const saved = performance.now() - clicked

    const buildMs = buildScratch(project)
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`
    console.table({
      "editor until its sign-in shows": {
        value: `${signInRequests} requests, ${kb(signInBytes)} transferred (gzip)`,
        ms: Math.round(signIn),
      },
      '"Publish now" to the changed file': { value: "data/offers/yonkers39.yaml", ms: Math.round(saved) },
      "production build with the change (cold cache)": {
        value: "a scratch copy of the project",
        ms: Math.round(buildMs),
      },
    })
  } finally {
    await browser.close()
    await host.stop()
    await proxy.stop()
    project.remove()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
