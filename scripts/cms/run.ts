/**
 * `npm run cms`: the content editor on this checkout with no account. Starts Decap's local proxy
 * (decap-server, writing to data/ and src/images/ here) and `gatsby develop`; the editor is at
 * /admin/ on the develop server, and a saved change shows in the open page within seconds.
 * DEVELOP_PORT changes the develop server's port (8000); the proxy's is fixed at 8081, where the
 * generated config's `local_backend` looks for it.
 */
import { spawn } from "node:child_process"
import { portIsFree } from "../static-server"
import { startCmsProxy } from "./proxy"

const developPort = Number(process.env.DEVELOP_PORT ?? 8000)

async function main() {
  if (!(await portIsFree(developPort)))
    throw new Error(`Port ${developPort} is in use. Stop what uses it, or pick another: DEVELOP_PORT=8001 npm run cms`)
  const proxy = await startCmsProxy(process.cwd())
  const develop = spawn(
    process.execPath,
    [require.resolve("gatsby/cli.js"), "develop", "--host", "localhost", "--port", String(developPort)],
    // "View Live" in the editor opens the entry's page on this develop server, not on the live site.
    {
      stdio: "inherit",
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CMS_SITE_URL: `http://localhost:${developPort}` },
    },
  )
  console.log(
    `\n  Content editor:  http://localhost:${developPort}/admin/ (once Gatsby says the site is ready)` +
      `\n  Local proxy:     ${proxy.url} (saves go straight to the files in this checkout)` +
      `\n  (Ctrl+C stops both)\n`,
  )
  const stop = async (code: number) => {
    develop.kill("SIGTERM")
    await proxy.stop()
    process.exit(code)
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0))
  develop.on("exit", (code) => void stop(code ?? 0))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
