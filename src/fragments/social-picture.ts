import { graphql } from "gatsby"

/**
 * A picture (any data file's image field) as a page's social preview: cropped at build to the 1200×630 that
 * Facebook, WhatsApp and X show large, as a JPEG (which every preview reader takes), with its alt text. Only the
 * made file's address (on SITE_URL), type and size are selected, worked out at build (gatsby/social-preview.ts): the
 * page's data carries a few strings, not image data, and its head no code to make them.
 */
export const socialPicture = graphql`
  fragment SocialPicture on Picture {
    alt
    src {
      childImageSharp {
        social: resize(width: 1200, height: 630, fit: COVER, cropFocus: CENTER, toFormat: JPG, quality: 80) {
          url
          type
          width
          height
        }
      }
    }
  }
`
