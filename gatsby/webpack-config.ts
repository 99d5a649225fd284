import fs from "node:fs"
import path from "node:path"
import type { CreateWebpackConfigArgs, GatsbyNode } from "gatsby"
import type { Configuration } from "webpack"

/**
 * Three modules Gatsby bundles into every page's first-load JavaScript that never run on this site,
 * replaced in production browser bundles:
 * - the browser half of Gatsby's own Partytown plugin, which only works under `gatsby develop` (it
 *   returns at once in production) yet brings gatsby-script and Partytown's integration with it; the
 *   site has no off-main-thread script (the server half, which adds nothing without one, stays);
 * - Gatsby's service-worker registration, required only when a plugin asks for a service worker
 *   (gatsby-plugin-offline): none does. Adding such a plugin means removing this line;
 * - prop-types' production build, validators that only exist to be ignored (Preact never checks
 *   propTypes), by the same API in a few bytes.
 */
const NEVER_RUN = [
  /[\\/]gatsby[\\/]dist[\\/]internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/,
  /[\\/]\.cache[\\/]register-service-worker\.js$/,
]
const PROP_TYPES = /[\\/]node_modules[\\/]prop-types[\\/]index\.js$/

/**
 * The templates outside the site layout (the offer landing pages, the office's link pages: whatever
 * does not use `siteTemplate` or `pageTemplate`), found by reading src/templates so a new one needs no
 * list here; named as Gatsby names their chunks. Counted in, they would shrink the commons chunk to
 * what every page shares and split the layout into extra chunks every site page loads.
 */
function standaloneTemplateChunks(): Set<string> {
  const templates = path.resolve("src", "templates")
  return new Set(
    fs
      .readdirSync(templates)
      .filter((file) => !/\b(?:siteTemplate|pageTemplate)\b/.test(fs.readFileSync(path.join(templates, file), "utf8")))
      .map((file) => `component---src-templates-${file.replace(/\.tsx$/, "-tsx")}`),
  )
}

/**
 * `gatsby develop` lints with its own ESLint (react-app rules) every .js/.jsx file it bundles outside
 * node_modules. Here those are only Gatsby's runtime copied into .cache/: the site is TypeScript, linted
 * by `npm run lint` with the project's rules. That pass cost every develop start (`npm run cms` too) some
 * 5 s of CPU for nothing, so the develop bundle goes without it.
 */
function withoutGatsbyEslint(config: Configuration): Configuration {
  return { ...config, plugins: config.plugins?.filter((plugin) => plugin?.constructor.name !== "ESLintWebpackPlugin") }
}

/**
 * WEBPACK_CACHE=memory: webpack keeps its cache in memory instead of writing it to .cache/webpack/ (over 100 MB
 * for a cold build, more as develop rebuilds), for folders no later run builds again, such as the tests'
 * throwaway copies of the project.
 */
const cacheSetting = (config: Configuration): Configuration =>
  process.env.WEBPACK_CACHE === "memory" ? { ...config, cache: { type: "memory" } } : config

/** The production browser bundles: modules that never run replaced, the layout kept in `commons`. */
function productionBundles(config: Configuration, plugins: CreateWebpackConfigArgs["plugins"]): Configuration {
  // gatsby-node is compiled into .cache/ and Gatsby runs in the site's folder: found from there, not __dirname.
  const emptyPlugin = path.resolve("gatsby", "empty-browser-plugin.js")
  const propTypes = path.resolve("gatsby", "prop-types-noop.js")
  // Gatsby types its webpack plugin helpers as bare Functions: this one is webpack's NormalModuleReplacementPlugin.
  const replace = plugins.normalModuleReplacement as (resource: RegExp, replacement: string) => never
  const bundles = {
    ...config,
    plugins: [
      ...(config.plugins ?? []),
      ...NEVER_RUN.map((module) => replace(module, emptyPlugin)),
      replace(PROP_TYPES, propTypes),
    ],
  }

  // Gatsby's `commons` chunk holds what every template uses. With the offer landing pages counted, that
  // is only the head and the UI basics, and the site layout (header, menu, footer) became a second
  // chunk every other page loads: ~0.9 KB gzip more per page than one chunk. Counting only the
  // templates that sit in the layout puts it back in `commons`; the offer pages keep their own copies
  // of the few basics they share, and do not load the layout at all.
  const splitChunks = bundles.optimization?.splitChunks
  const commons = splitChunks ? splitChunks.cacheGroups?.commons : undefined
  if (commons && typeof commons === "object" && !(commons instanceof RegExp) && typeof commons.minChunks === "number") {
    const standalone = standaloneTemplateChunks()
    commons.chunks = (chunk) => !standalone.has(chunk.name ?? "")
    commons.minChunks = Math.max(commons.minChunks - standalone.size, 2)
  }
  return bundles
}

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions, plugins, getConfig }) => {
  // Gatsby types getConfig as a bare Function; it returns the webpack configuration it is about to run.
  const gatsbys = (getConfig as () => Configuration)()
  let config = cacheSetting(gatsbys)
  if (stage === "develop") config = withoutGatsbyEslint(config)
  if (stage === "build-javascript") config = productionBundles(config, plugins)
  if (config !== gatsbys) actions.replaceWebpackConfig(config)
}
