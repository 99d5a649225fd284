import path from "node:path"
import type { GatsbyNode } from "gatsby"

/**
 * Gatsby always registers its Partytown plugin, whose browser half only works under `gatsby develop`
 * (it returns at once in production) yet brings gatsby-script and Partytown's integration into every
 * page's first-load JavaScript (~2 KB gzip). The site has no off-main-thread script, so production
 * browser bundles get an empty plugin in its place; the server-side half, which adds nothing without
 * such scripts, is left as it is.
 */
const PARTYTOWN_BROWSER_PLUGIN = /[\\/]gatsby[\\/]dist[\\/]internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions, plugins, store }) => {
  if (stage !== "build-javascript") return
  // gatsby-node is compiled into .cache/: the empty plugin is found from the site's folder, not __dirname.
  const { directory } = (store.getState() as { program: { directory: string } }).program
  const emptyPlugin = path.join(directory, "gatsby", "empty-browser-plugin.js")
  actions.setWebpackConfig({ plugins: [plugins.normalModuleReplacement(PARTYTOWN_BROWSER_PLUGIN, emptyPlugin)] })
}
