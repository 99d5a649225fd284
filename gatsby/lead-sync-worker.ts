/**
 * Bundles the lead service worker (src/service-worker/lead-sync.ts, with Workbox's background-sync
 * module) into one small classic script in public/, at the end of the build. It is no page's
 * JavaScript: the page registers it after hydration (gatsby-browser.tsx). Its URL ends in .mjs, not
 * .js, so the immutable caching of the site's content-hashed scripts (the `/*.js` rule of
 * gatsby/security-policy.ts) never covers it: a browser must see a new version of it at once.
 */
import path from "node:path"
import { build } from "esbuild"
import { LEAD_SYNC_WORKER_PATH } from "../src/lib/leads/lead-sync-messages"

export const LEAD_SYNC_WORKER_SOURCE = path.join("src", "service-worker", "lead-sync.ts")

/** Writes the worker into `publicDir`; returns its size in bytes. */
export async function writeLeadSyncWorker(publicDir: string): Promise<number> {
  const result = await build({
    entryPoints: [LEAD_SYNC_WORKER_SOURCE],
    outfile: path.join(publicDir, LEAD_SYNC_WORKER_PATH),
    bundle: true,
    minify: true,
    format: "iife",
    target: "chrome100",
    // Workbox logs its development messages unless told it runs in production.
    define: { "process.env.NODE_ENV": '"production"' },
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  })
  return Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0)
}
