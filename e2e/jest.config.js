// Browser tests: headless Chromium (Debian's) over the production build in public/.
// The unit tests' transform (SWC) compiles the tests and the scripts they import.
const { transform } = require("../jest.config")

/** @type {import('jest').Config} */
module.exports = {
  rootDir: "..",
  testMatch: ["<rootDir>/e2e/**/*.test.ts"],
  transform,
  testEnvironment: "node",
  globalSetup: "<rootDir>/e2e/global-setup.ts",
  globalTeardown: "<rootDir>/e2e/global-teardown.ts",
  // A ceiling for a hung test, not a measure of speed: every wait inside a test is for an event.
  testTimeout: 120_000,
  // Two files at a time: most of a browser test is waiting on Chromium, the servers and the backend, so two
  // share the machine's two cores (one backend and one site for both, from the global setup).
  maxWorkers: 2,
  testSequencer: "<rootDir>/e2e/sequencer.js",
}
