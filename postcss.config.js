// CommonJS on purpose: gatsby-plugin-postcss silently ignores an .mjs config.
module.exports = { plugins: { "@tailwindcss/postcss": {} } }
