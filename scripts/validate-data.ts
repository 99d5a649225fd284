/**
 * `npm run validate:data`: every check the build runs on data/ (the same function), printing each
 * problem; in GitHub Actions also as an annotation on the file, for the content editor's pull requests.
 */
import { dataDir } from "../gatsby/site-config"
import { formatProblem, githubAnnotation, validateDataDir } from "../gatsby/validate-data"

const problems = validateDataDir(dataDir())
for (const problem of problems) {
  console.error(formatProblem(problem))
  if (process.env.GITHUB_ACTIONS === "true") console.log(githubAnnotation(problem))
}
console.log(problems.length === 0 ? "All data files are valid." : `${problems.length} problem(s).`)
process.exitCode = problems.length === 0 ? 0 : 1
