// The browser test files in Jest's own order (the slowest of the last run first, else the largest), but the
// third-language build first: a whole Gatsby build of a throwaway copy (about a minute), it then runs beside
// the browser tests from the start instead of being the last file left, alone, at the end of the run.
const Sequencer = require("@jest/test-sequencer").default

const FIRST = /[\\/]third-language-build\.test\.ts$/

class BuildFirst extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests)
    return [...sorted.filter((test) => FIRST.test(test.path)), ...sorted.filter((test) => !FIRST.test(test.path))]
  }
}

module.exports = BuildFirst
