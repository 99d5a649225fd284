/**
 * `gatsby develop` (and so `npm run cms`) serves the content editor at /admin/ as the build writes it
 * to public/admin/: the page, the configuration generated from the data schemas at each request (a
 * schema edit shows on reload) and Decap's bundle from node_modules.
 */
import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { adminIndexHtml, bundleFiles, bundleFolder } from "./cms/admin-files"
import { cmsSettingsFrom, decapConfigYaml } from "./cms/decap-config"

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
    route: string,
    handler: (request: { params: Record<string, string | undefined> }, response: DevResponse) => void,
  ) => void
}

export function serveAdmin(app: DevApp) {
  const bundle = new Map(bundleFiles().map((file) => [path.basename(file), file]))
  app.get("/admin", (_request, response) => {
    response.redirect(301, "/admin/")
  })
  app.get("/admin/", (_request, response) => {
    response.type("html").send(adminIndexHtml())
  })
  app.get("/admin/config.yml", (_request, response) => {
    response.type("text/yaml").send(decapConfigYaml(cmsSettingsFrom()))
  })
  app.get(`/admin/${bundleFolder()}/:file`, (request, response) => {
    const file = bundle.get(request.params.file ?? "")
    if (file === undefined) response.sendStatus(404)
    else response.sendFile(file)
  })
}

export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = ({ app }) => {
  serveAdmin(app as DevApp)
}
