import type { IGatsbyImageData } from "gatsby-plugin-image"

/**
 * An image processed by gatsby-plugin-image (sizes, formats, dominant
 * colour), rendered as a plain <picture> with its intrinsic width and height,
 * so it keeps its space while loading and needs no JavaScript to show.
 */
export function ResponsiveImage({
  image,
  alt,
  className = "",
  eager = false,
}: {
  image: IGatsbyImageData
  alt: string
  className?: string
  eager?: boolean
}) {
  const { images, backgroundColor } = image
  // gatsby-plugin-image computes one side from the aspect ratio (426.99999999999994): HTML wants integers.
  const width = Math.round(image.width)
  const height = Math.round(image.height)
  return (
    <picture>
      {images.sources?.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={images.fallback?.src}
        srcSet={images.fallback?.srcSet}
        sizes={images.fallback?.sizes}
        width={width}
        height={height}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className={`h-auto max-w-full ${className}`}
        style={backgroundColor ? { backgroundColor } : undefined}
      />
    </picture>
  )
}
