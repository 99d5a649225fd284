// Jest on the Gatsby unit-testing recipe, running components on Preact as the site ships them.

/**
 * SWC compiles tests and sources for Node (CommonJS, the automatic JSX runtime, inline source maps, jest.mock
 * hoisted), as Babel with Gatsby's preset did at a fraction of the CPU. The parser goes by extension, as
 * Babel's did: `<T>value` is a cast in .ts but JSX in .tsx.
 * @param {import('@swc/core').ParserConfig} parser
 * @returns {[string, import('@swc/core').Options]}
 */
const swc = (parser) => [
  "@swc/jest",
  {
    jsc: { parser, target: "es2023", transform: { react: { runtime: "automatic" } } },
    sourceMaps: "inline",
  },
]

/** @type {import('jest').Config} */
module.exports = {
  transform: {
    "^.+\\.tsx$": swc({ syntax: "typescript", tsx: true }),
    "^.+\\.ts$": swc({ syntax: "typescript" }),
    "^.+\\.jsx?$": swc({ syntax: "ecmascript", jsx: true }),
  },
  moduleNameMapper: {
    "\\.(css)$": "identity-obj-proxy",
    "\\.(jpg|jpeg|png|gif|webp|avif|svg|woff2?)$": "<rootDir>/__mocks__/file-mock.js",
    "^react$": "preact/compat",
    "^react-dom$": "preact/compat",
    "^react-dom/client$": "preact/compat/client",
    "^react-dom/test-utils$": "preact/test-utils",
    "^react/jsx-runtime$": "preact/jsx-runtime",
  },
  testMatch: ["<rootDir>/__tests__/**/*.test.ts?(x)"],
  // Jest's default on a 2-core machine is one worker (in band); the backend suites spend much of their
  // time waiting on PGlite, Deno and Postgres processes, so two workers use both cores.
  maxWorkers: 2,
  // Ceilings for a hung test, not measures of speed (every wait is for an event): a seven-step wizard typed
  // key by key takes 2 s alone and over 5 s, Jest's default, on a machine busy with a second build.
  testTimeout: 60_000,
  testPathIgnorePatterns: ["/node_modules/", "/\\.cache/", "<rootDir>/public/", "<rootDir>/e2e/"],
  transformIgnorePatterns: ["/node_modules/(?!(gatsby|gatsby-script|gatsby-link|@gatsbyjs/reach-router)/)"],
  globals: { __PATH_PREFIX__: "", __BASE_PATH__: "" },
  testEnvironment: "jsdom",
  testEnvironmentOptions: {
    url: "http://localhost/",
    // Load the CommonJS builds; jsdom's default browser condition picks ESM files Jest cannot run.
    customExportConditions: ["node", "require", "default"],
  },
  // Deno's npm packages installed once, before the workers race to (jest.global-setup.ts).
  globalSetup: "<rootDir>/jest.global-setup.ts",
  setupFiles: ["<rootDir>/loadershim.js"],
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
}
