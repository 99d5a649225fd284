import type { GatsbyNode } from "gatsby"
import { GENERATED_FILE, writeBackendData } from "./backend-data"
import { dataDir } from "./site-config"
import { formatProblem, validateDataDir } from "./validate-data"

/**
 * The first thing Gatsby runs once its plugins are loaded, before it touches its cache or compiles the
 * site's functions: every check of data/ (the same function `npm run validate:data` runs), so a broken
 * file fails the build at once, then the functions' generated copy of the data, so a build can never
 * ship a site and functions that disagree.
 */
export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter }) => {
  const dir = dataDir()
  const problems = validateDataDir(dir)
  if (problems.length > 0) {
    reporter.panicOnBuild(problems.map(formatProblem).join("\n"))
    return
  }
  if (writeBackendData(dir)) reporter.info(`Wrote ${GENERATED_FILE} from data/`)
}
