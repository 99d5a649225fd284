// Images are processed at build time; in unit tests a plain <img> stands in, keeping alt text and size.
const React = require("react")
const plugin = jest.requireActual("gatsby-plugin-image")

module.exports = {
  ...plugin,
  StaticImage: jest.fn().mockImplementation(({ src, alt, width, height, className }) => React.createElement("img", { src, alt, width, height, className })),
  GatsbyImage: jest.fn().mockImplementation(({ image, alt, className }) =>
    React.createElement("img", { src: image?.images?.fallback?.src ?? "", alt, width: image?.width, height: image?.height, className }),
  ),
}
