/** Debian's Chromium, driven by playwright-core (a test tool's own browser download fails on these machines). */
import fs from "node:fs"
import { chromium, type Browser, type BrowserServer, type LaunchOptions } from "playwright-core"

const DEBIAN_CHROMIUM = "/usr/bin/chromium"

/** The whole browser: `npm run quality` runs Lighthouse in it, as Lighthouse's own CLI launches Chrome. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM

const DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"

/**
 * The browser the browser tests drive: Chromium's headless shell (Debian's chromium-headless-shell, the same
 * Blink and V8 build), which Playwright itself runs headless tests in. It has no browser window layer to keep
 * up: the whole browser-test run took about a third less CPU in it than in the full browser (546 against 833
 * CPU-seconds, every test passing in both). Without it installed, or where CHROMIUM_PATH names another
 * browser (a GitHub runner's Chrome), the tests run in CHROMIUM_PATH; CHROMIUM_HEADLESS_SHELL_PATH names one.
 */
export function testBrowserPath(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = fs.existsSync,
): string {
  if (env.CHROMIUM_HEADLESS_SHELL_PATH) return env.CHROMIUM_HEADLESS_SHELL_PATH
  if (!env.CHROMIUM_PATH && exists(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL
  return env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM
}

/** Flags that keep Chromium quiet on a machine with no network but loopback. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
]

/** The test browser, headless, with CHROMIUM_FLAGS; fails early with how to install it. */
function launchOptions(): LaunchOptions {
  const executablePath = testBrowserPath()
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `No Chromium at ${executablePath}: install it with 'apt-get install -y chromium-headless-shell' (or chromium) or set CHROMIUM_PATH`,
    )
  }
  return { executablePath, headless: true, args: CHROMIUM_FLAGS }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch(launchOptions())
}

/** The same Chromium, for several processes to share: each connects to its wsEndpoint() (chromium.connect). */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions())
}
