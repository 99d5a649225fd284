/**
 * What a page's head says of its social preview (src/fragments/social-picture.ts), worked out at build so no page
 * carries the code: the made file's absolute address on the site's origin (a preview reader resolves no path),
 * and its type.
 */

/** The image types a made file can have, by its extension (gatsby-plugin-sharp's output formats). */
const TYPES: Readonly<Record<string, string>> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
}

/** A file gatsby-plugin-sharp made (an ImageSharpResize): its address under the site. */
interface MadeImage {
  readonly src?: string | null
}

const addressOf = (made: MadeImage): string => {
  if (!made.src) throw new Error("gatsby-plugin-sharp made an image without an address")
  return made.src
}

/** A made file's type, from its extension; an extension not listed fails the build, naming the file. */
export function imageType(src: string): string {
  const type = TYPES[src.slice(src.lastIndexOf(".") + 1).toLowerCase()]
  if (type === undefined) throw new Error(`${src}: no image type is known for this extension`)
  return type
}

/** The fields added to ImageSharpResize: `url`, the made file's address at `siteUrl`, and its `type`. */
export const madeImageFields = (siteUrl: string) => ({
  url: { type: "String!", resolve: (made: MadeImage) => `${siteUrl}${addressOf(made)}` },
  type: { type: "String!", resolve: (made: MadeImage) => imageType(addressOf(made)) },
})
