/**
 * `gatsby develop` (and so `npm run cms`) serves the content editor at /admin/ as the build writes it
 * to public/admin/: the page, the configuration generated from the data schemas at each request (a
 * schema edit shows on reload) and Decap's bundle from node_modules.
 */
import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { adminFiles, bundleFolder } from "./cms/admin-files"
import { cmsSettingsFrom, editorFiles } from "./cms/decap-config"

/** What the handlers use of the develop server's Express app (Gatsby types it `any`). */
interface DevResponse {
  redirect: (status: number, url: string) => void
  type: (contentType: string) => DevResponse
  send: (body: string) => void
  sendFile: (file: string) => void
  sendStatus: (status: number) => void
}
export interface DevApp {
  get: (
    route: string | string[],
    handler: (request: { path: string; params: Record<string, string | undefined> }, response: DevResponse) => void,
  ) => void
}

/** The admin's files as the build writes them, made again each time the page loads so a schema edit shows on reload. */
const currentFiles = () => new Map(adminFiles(editorFiles(cmsSettingsFrom())).map((file) => [file.path, file]))

const CONTENT_TYPES: Record<string, string> = {
  ".html": "html",
  ".yml": "text/yaml",
  ".js": "js",
  ".wasm": "application/wasm",
}

export function serveAdmin(app: DevApp) {
  let files = currentFiles()
  // Express matches /admin and /admin/ alike; the page's relative addresses need the slash.
  app.get("/admin/", (request, response) => {
    if (!request.path.endsWith("/")) {
      response.redirect(301, "/admin/")
      return
    }
    files = currentFiles()
    const index = files.get("index.html")
    if (index && "text" in index) response.type("html").send(index.text)
  })
  app.get(["/admin/:file", `/admin/${bundleFolder()}/:file`], (request, response) => {
    const file = files.get(request.path.replace(/^\/admin\//, ""))
    if (file === undefined) response.sendStatus(404)
    else if ("text" in file) response.type(CONTENT_TYPES[path.extname(file.path)] ?? "text/plain").send(file.text)
    else response.sendFile(file.source)
  })
}

export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = ({ app }) => {
  serveAdmin(app as DevApp)
}
