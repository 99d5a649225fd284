// Gatsby's own Babel preset, with one change: explicit targets (the browsers in .browserslistrc).
// Without them the preset forces the spread and class transforms on every browser, which ships
// legacy code current browsers do not need (Lighthouse's legacy-javascript audit flagged it).
const browserslist = require("browserslist")

module.exports = {
  presets: [
    [
      "babel-preset-gatsby",
      { reactRuntime: "automatic", targets: { browsers: browserslist.loadConfig({ path: __dirname }) } },
    ],
  ],
}
