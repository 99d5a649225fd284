import type { GatsbyNode } from "gatsby"
import { GENERATED_FILE, writeBackendData } from "./backend-data"
import { dataDir } from "./site-config"
import { formatProblem, validateDataDir } from "./validate-data"

/**
 * Before sourcing: every check of data/ (the same function `npm run validate:data`
 * runs), then the functions' generated copy of the data, so a build can never
 * ship a site and functions that disagree.
 */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  const dir = dataDir()
  const problems = validateDataDir(dir)
  if (problems.length > 0) {
    reporter.panicOnBuild(problems.map(formatProblem).join("\n"))
    return
  }
  if (writeBackendData(dir)) reporter.info(`Wrote ${GENERATED_FILE} from data/`)
}
