// Transpile with Gatsby's own Babel preset plus TypeScript, as gatsby build does.
module.exports = require("babel-jest").default.createTransformer({
  presets: [["babel-preset-gatsby", { reactRuntime: "automatic" }], "@babel/preset-typescript"],
})
