import type { SeoProps, SocialPicture } from "./seo"

export interface PageSeoFields {
  readonly path: string
  readonly title: string
  readonly description: string
  readonly keywords: readonly string[]
  readonly noindex?: boolean | null
  readonly nofollow?: boolean | null
  readonly socialImage?: SocialPicture | null
}

/** The head of a static page, from its data/pages file. */
export const pageSeoProps = (page: PageSeoFields): SeoProps => ({
  title: page.title,
  description: page.description,
  keywords: page.keywords,
  path: page.path,
  noindex: page.noindex ?? false,
  nofollow: page.nofollow ?? false,
  image: page.socialImage,
})
