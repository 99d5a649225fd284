/**
 * `gatsby build` with a fake value for every server secret in its environment (the build `npm test`
 * runs), then a note of which build that was, so the secret scan can insist it scanned this build.
 * `npm run build` stays a plain build.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { CANARY_BUILD_MARKER, compilationHash, SECRET_CANARIES } from "./secret-canaries"

/** Cloudflare's documented test site key that always passes (https://developers.cloudflare.com/turnstile/troubleshooting/testing/). */
const TEST_TURNSTILE_SITE_KEY = "1x00000000000000000000AA"

const result = spawnSync(process.execPath, [require.resolve("gatsby/cli.js"), "build"], {
  stdio: "inherit",
  env: {
    // The forms render Turnstile, with Cloudflare's always-pass test site key unless one is given: the
    // browser tests serve a stand-in widget for it and point the backend at a fake siteverify.
    GATSBY_TURNSTILE_SITE_KEY: TEST_TURNSTILE_SITE_KEY,
    ...process.env,
    ...SECRET_CANARIES,
    GATSBY_TELEMETRY_DISABLED: "1",
  },
})
if (result.status !== 0) process.exit(result.status ?? 1)

const hash = compilationHash(fs.readFileSync(path.join("public", "index.html"), "utf8"))
fs.mkdirSync(path.dirname(CANARY_BUILD_MARKER), { recursive: true })
fs.writeFileSync(
  CANARY_BUILD_MARKER,
  `${JSON.stringify({ compilationHash: hash, secrets: Object.keys(SECRET_CANARIES) }, null, 2)}\n`,
)
console.log(`Built with canary values for ${Object.keys(SECRET_CANARIES).join(", ")}`)
