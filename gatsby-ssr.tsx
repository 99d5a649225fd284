import type { GatsbySSR } from "gatsby"
import { withPageLanguage } from "./gatsby/tracked-language"
import { withoutGoogleTag } from "./gatsby/untracked-pages"

/**
 * gatsby-plugin-image adds a style, a noscript style and an inline script for its <GatsbyImage>
 * wrapper to every page; the site draws its images as plain <picture> elements (ResponsiveImage), so
 * they would only be bytes to download (and a script to run) on every page. The office link pages
 * get no Google tag at all (gatsby/untracked-pages.ts says why).
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({
  getHeadComponents,
  replaceHeadComponents,
  pathname,
}) => {
  replaceHeadComponents(
    withPageLanguage(withoutGoogleTag(getHeadComponents(), pathname), pathname).filter((component) => {
      const key = (component as { key?: unknown } | null)?.key
      return !(typeof key === "string" && key.startsWith("gatsby-image-style"))
    }),
  )
}
