import type { GatsbyConfig } from "gatsby"
import { adsConversionTarget, dataDir, gtagIds, gtagPlugins, siteUrlFrom } from "./gatsby/site-config"
import { SITEMAP_QUERY, sitemapEntry, sitemapPages } from "./gatsby/sitemap"

const siteUrl = siteUrlFrom()

const config: GatsbyConfig = {
  // adsConversionTarget: where offer pages send their Ads conversions (empty: none).
  siteMetadata: { siteUrl, adsConversionTarget: adsConversionTarget() },
  trailingSlash: "always",
  jsxRuntime: "automatic",
  // Types for every named query, written on each build (not committed: `npm test` type-checks after its build).
  // Not under `gatsby develop`: there Gatsby rewrites the file after every query extraction, and each
  // write starts another extraction, a loop that kept a data edit from reaching the open page.
  graphqlTypegen:
    process.env.NODE_ENV === "development"
      ? false
      : { typesOutputPath: "src/gatsby-types.d.ts", generateOnBuild: true },
  plugins: [
    "gatsby-plugin-preact",
    "gatsby-plugin-postcss",
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    // Each YAML file of data/ becomes one node per language (gatsby/on-create-node.ts), typed by its kind.
    { resolve: "gatsby-source-filesystem", options: { name: "data", path: dataDir() } },
    // Our artwork (npm run images); data files point at it with paths relative to themselves.
    { resolve: "gatsby-source-filesystem", options: { name: "images", path: `${__dirname}/src/images` } },
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        query: SITEMAP_QUERY,
        resolveSiteUrl: () => siteUrl,
        resolvePages: sitemapPages,
        serialize: sitemapEntry(siteUrl),
      },
    },
    ...gtagPlugins(gtagIds()),
  ],
}

export default config
