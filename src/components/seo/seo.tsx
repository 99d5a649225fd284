import type { ReactNode } from "react"
import { useSiteData } from "../../hooks/use-site-data"
import { withTrailingSlash } from "../../lib/paths"
import { serializeJsonLd, type JsonLd } from "../../lib/json-ld"

export interface SeoProps {
  title: string
  description: string
  keywords?: readonly string[]
  /** The route, e.g. /services/ants; the canonical URL is built from siteUrl. */
  path: string
  noindex?: boolean
  /** Asks crawlers not to follow the page's links either. */
  nofollow?: boolean
  /** Extra JSON-LD documents (breadcrumbs, FAQ, offers). */
  jsonLd?: readonly JsonLd[]
  /**
   * The business: the site's pages get the company's LocalBusiness from siteTemplate, the offer pages
   * describe it their way. Given by the template, so a page carries the code of its own description only.
   */
  businessJsonLd?: JsonLd
  /** The social preview picture (absolute URL). */
  image?: { url: string; alt: string }
  children?: ReactNode
}

/** Every page's head: title, description, canonical, social tags and structured data. */
export function Seo({
  title,
  description,
  keywords = [],
  path,
  noindex = false,
  nofollow = false,
  jsonLd = [],
  businessJsonLd,
  image,
  children,
}: SeoProps) {
  const { company, siteUrl } = useSiteData()
  const canonical = `${siteUrl}${withTrailingSlash(path)}`
  const documents = businessJsonLd ? [businessJsonLd, ...jsonLd] : jsonLd
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {keywords.length > 0 && <meta name="keywords" content={keywords.join(", ")} />}
      <link rel="canonical" href={canonical} />
      <meta name="robots" content={`${noindex ? "noindex" : "index"}, ${nofollow ? "nofollow" : "follow"}`} />
      <meta name="theme-color" content="#0b6138" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content="en_US" />
      <meta property="og:site_name" content={company.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      {image && <meta property="og:image" content={image.url} />}
      {image && <meta property="og:image:alt" content={image.alt} />}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
      {image && <meta name="twitter:image" content={image.url} />}
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {documents.map((doc, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(doc) }} />
      ))}
      {children}
    </>
  )
}
