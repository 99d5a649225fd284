/**
 * Lighthouse for `npm run quality`: every run in this one plain Node process against one Chromium, through
 * Lighthouse's Node API. Plain JavaScript, started without tsx: a TypeScript runner's helpers (tsx's
 * `__name`) would leak into the functions Lighthouse sends to the page. Started by lighthouse.ts with
 * Chromium's path and flags as arguments; each message on the IPC channel is one run's Lighthouse flags
 * ({ url, flags }), each reply that run's report cut to what lighthouse.ts reads, or { error }.
 * Each lighthouse() call opens its own tab, resets the origin's storage and the browser's cache, and
 * closes the tab; the runs go one at a time, as Lighthouse requires of one browser.
 */
import * as chromeLauncher from "chrome-launcher"
import lighthouse from "lighthouse"

const [chromePath, ...chromeFlags] = process.argv.slice(2)
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags })

/** @param {import("lighthouse").Result} lhr */
function slim(lhr) {
  return {
    categories: Object.fromEntries(Object.entries(lhr.categories).map(([id, { score }]) => [id, { score }])),
    audits: Object.fromEntries(
      Object.entries(lhr.audits).map(([id, { score, scoreDisplayMode }]) => [id, { id, score, scoreDisplayMode }]),
    ),
    environment: { benchmarkIndex: lhr.environment.benchmarkIndex },
  }
}

/** @param {{ url: string, flags: import("lighthouse").Flags }} request */
async function run({ url, flags }) {
  try {
    const result = await lighthouse(url, { ...flags, port: chrome.port, logLevel: "error" })
    if (!result) return { error: `Lighthouse returned no result for ${url}` }
    // The CLI fails on a runtime error (the page did not load, say), so this does too.
    const { runtimeError } = result.lhr
    if (runtimeError) return { error: `Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}` }
    return { report: slim(result.lhr) }
  } catch (error) {
    return { error: `Lighthouse on ${url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` }
  }
}

process.on("message", (request) => {
  void run(/** @type {{ url: string, flags: import("lighthouse").Flags }} */ (request)).then((reply) =>
    process.send?.(reply),
  )
})
// The parent closing the channel (done, or gone) ends Chromium and this process.
process.on("disconnect", () => {
  chrome.kill()
})
process.send?.({ ready: true })
