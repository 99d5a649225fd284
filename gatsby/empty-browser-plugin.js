// A browser plugin that implements no API (see webpack-config.ts).
module.exports = {}
