import type { ReactNode } from "react"
import type { SiteData } from "../../hooks/use-site-data"
import { hreflangLinks } from "../../lib/i18n/hreflang"
import type { Alternate } from "../../lib/i18n/page-context"
import { withTrailingSlash } from "../../lib/paths"
import { serializeJsonLd, type JsonLd } from "../../lib/json-ld"
import { LANGUAGE_FORMS } from "../../../supabase/functions/_shared/kernel/languages"

/** A picture as the SocialPicture fragment selects it (src/fragments/social-picture.ts): its alt and the made file. */
export interface SocialPicture {
  readonly alt: string
  readonly src: {
    readonly childImageSharp: {
      readonly social: {
        readonly url: string
        readonly type: string
        readonly width: number | null
        readonly height: number | null
      } | null
    } | null
  }
}

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
  /** The picture a shared link to the page shows (its pest's, its offer's); none: site.yaml's socialImage. */
  image?: SocialPicture | null
  children?: ReactNode
}

interface SeoFrame {
  /** The site data in the page's language (company, siteUrl, lang). */
  site: Pick<SiteData, "company" | "siteUrl" | "lang">
  /** The page in every language (itself too): the hreflang links, x-default the English one. */
  alternates?: readonly Alternate[]
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
  site,
  alternates = [],
}: SeoProps & SeoFrame) {
  const { company, siteUrl, lang } = site
  const canonical = `${siteUrl}${withTrailingSlash(path)}`
  const picture = image ?? company.socialImage
  const preview = picture.src.childImageSharp?.social
  const form = LANGUAGE_FORMS[lang]
  const page: JsonLd = {
    "@context": "https://schema.org",
    "@type": "WebPage",
    url: canonical,
    name: title,
    inLanguage: form.tag,
  }
  const documents = [page, ...(businessJsonLd ? [businessJsonLd] : []), ...jsonLd]
  return (
    <>
      <html lang={form.tag} />
      <title>{title}</title>
      <meta name="description" content={description} />
      {keywords.length > 0 && <meta name="keywords" content={keywords.join(", ")} />}
      <link rel="canonical" href={canonical} />
      {hreflangLinks(alternates, siteUrl).map((link) => (
        <link key={link.lang} rel="alternate" hrefLang={link.lang} href={link.href} />
      ))}
      <meta name="robots" content={`${noindex ? "noindex" : "index"}, ${nofollow ? "nofollow" : "follow"}`} />
      <meta name="theme-color" content="#0b6138" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content={form.ogLocale} />
      {alternates.map(
        (version) =>
          version.lang !== lang && (
            <meta key={version.lang} property="og:locale:alternate" content={LANGUAGE_FORMS[version.lang].ogLocale} />
          ),
      )}
      <meta property="og:site_name" content={company.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      {preview && (
        <>
          <meta property="og:image" content={preview.url} />
          <meta property="og:image:type" content={preview.type} />
          <meta property="og:image:width" content={String(preview.width)} />
          <meta property="og:image:height" content={String(preview.height)} />
          <meta property="og:image:alt" content={picture.alt} />
          <meta name="twitter:image" content={preview.url} />
          <meta name="twitter:image:alt" content={picture.alt} />
        </>
      )}
      <meta name="twitter:card" content={preview ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {documents.map((doc, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(doc) }} />
      ))}
      {children}
    </>
  )
}
