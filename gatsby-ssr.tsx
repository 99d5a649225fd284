import type { GatsbySSR } from "gatsby"

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" })
}

/**
 * gatsby-plugin-image adds a style, a noscript style and an inline script for its <GatsbyImage>
 * wrapper to every page; the site draws its images as plain <picture> elements (ResponsiveImage), so
 * they would only be bytes to download (and a script to run) on every page.
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getHeadComponents, replaceHeadComponents }) => {
  replaceHeadComponents(
    getHeadComponents().filter((component) => {
      const key = (component as { key?: unknown } | null)?.key
      return !(typeof key === "string" && key.startsWith("gatsby-image-style"))
    }),
  )
}
