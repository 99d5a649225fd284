// Transpile with Gatsby's own Babel preset plus TypeScript, as gatsby build does.
// The site's .babelrc.js targets browsers; tests run on Node, so it is not read here.
module.exports = require("babel-jest").default.createTransformer({
  babelrc: false,
  configFile: false,
  presets: [["babel-preset-gatsby", { reactRuntime: "automatic" }], "@babel/preset-typescript"],
})
