/** `npm run validate:data`: every check the build runs on data/ (the same function), printing each problem. */
import { dataDir } from "../gatsby/site-config"
import { formatProblem, validateDataDir } from "../gatsby/validate-data"

const problems = validateDataDir(dataDir())
for (const problem of problems) console.error(formatProblem(problem))
console.log(problems.length === 0 ? "All data files are valid." : `${problems.length} problem(s).`)
process.exitCode = problems.length === 0 ? 0 : 1
