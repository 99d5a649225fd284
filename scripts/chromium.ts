/** Debian's Chromium, driven by playwright-core (a test tool's own browser download fails on these machines). */
import fs from "node:fs"
import { chromium, type Browser, type BrowserServer, type LaunchOptions } from "playwright-core"

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

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

/** Debian's Chromium, headless, with CHROMIUM_FLAGS; fails early with how to install it. */
function launchOptions(): LaunchOptions {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: install it with 'apt-get install -y chromium' or set CHROMIUM_PATH`,
    )
  }
  return { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch(launchOptions())
}

/** The same Chromium, for several processes to share: each connects to its wsEndpoint() (chromium.connect). */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions())
}
