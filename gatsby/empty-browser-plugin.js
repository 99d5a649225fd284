// Stands in for browser modules that never run on this site (see webpack-config.ts): no API, no export.
module.exports = {}
