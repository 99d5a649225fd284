/** A page's social preview (og:image, twitter:image) from the picture its data names. */

/** A picture as the SocialPicture fragment selects it (src/fragments/social-picture.ts). */
export interface SocialPicture {
  readonly alt: string
  readonly src: {
    readonly childImageSharp: {
      readonly social: {
        readonly src: string | null
        readonly width: number | null
        readonly height: number | null
      } | null
    } | null
  }
}

export interface SocialImage {
  /** Absolute, from the site's URL: a preview reader does not resolve a path. */
  url: string
  width: number
  height: number
  /** The file's type, from its extension; undefined for one this list does not know. */
  type: string | undefined
  alt: string
}

const TYPES: Readonly<Record<string, string>> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" }

/** The preview the build made of `picture`, at `siteUrl`; null when it made none (a file sharp cannot read). */
export function socialImage(picture: SocialPicture, siteUrl: string): SocialImage | null {
  const made = picture.src.childImageSharp?.social
  if (!made?.src || !made.width || !made.height) return null
  return {
    url: `${siteUrl}${made.src}`,
    width: made.width,
    height: made.height,
    type: TYPES[made.src.slice(made.src.lastIndexOf(".") + 1)],
    alt: picture.alt,
  }
}
