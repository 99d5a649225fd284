/**
 * `npm run generate:backend-data`: the functions' copy of data/ (gatsby/backend-data.ts). It is not committed, so
 * everything that reads it runs this first: `npm install` (postinstall), `npm start`, `npm run backend`, the
 * builds, the lint and type check (package.json's pre-scripts) and the unit tests' setup (jest.global-setup.ts).
 *
 * `--after-install`: a broken data file is reported and the install goes on, so the tools that show what is wrong
 * get installed; the build, the type check and the tests still fail on it until it is mended. The postinstall
 * runs this only where it exists: `npm run check:install` installs a copy of package.json, the lock and patches/.
 */
import { GENERATED_FILE, writeBackendData } from "../gatsby/backend-data"

const afterInstall = process.argv.includes("--after-install")

try {
  console.log(writeBackendData() ? `Wrote ${GENERATED_FILE}` : `${GENERATED_FILE} is up to date`)
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error)
  console.error(`The functions' copy of data/ was not written: ${reason}`)
  if (afterInstall)
    console.error("Mend data/ (npm run validate:data lists every problem), then npm run generate:backend-data.")
  process.exitCode = afterInstall ? 0 : 1
}
