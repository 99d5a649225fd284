import path from "node:path"
import type { GatsbyNode } from "gatsby"

/**
 * Two modules Gatsby bundles into every page's first-load JavaScript that never run on this site,
 * replaced by an empty module in production browser bundles (~2.5 KB gzip):
 * - the browser half of Gatsby's own Partytown plugin, which only works under `gatsby develop` (it
 *   returns at once in production) yet brings gatsby-script and Partytown's integration with it; the
 *   site has no off-main-thread script (the server half, which adds nothing without one, stays);
 * - Gatsby's service-worker registration, required only when a plugin asks for a service worker
 *   (gatsby-plugin-offline): none does. Adding such a plugin means removing this line.
 */
const NEVER_RUN = [
  /[\\/]gatsby[\\/]dist[\\/]internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/,
  /[\\/]\.cache[\\/]register-service-worker\.js$/,
]

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions, plugins }) => {
  if (stage !== "build-javascript") return
  // gatsby-node is compiled into .cache/ and Gatsby runs in the site's folder: found from there, not __dirname.
  const emptyPlugin = path.resolve("gatsby", "empty-browser-plugin.js")
  // Gatsby types its webpack plugin helpers as bare Functions: this one is webpack's NormalModuleReplacementPlugin.
  const replace = plugins.normalModuleReplacement as (resource: RegExp, replacement: string) => unknown
  actions.setWebpackConfig({ plugins: NEVER_RUN.map((module) => replace(module, emptyPlugin)) })
}
