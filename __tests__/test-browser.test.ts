/**
 * @jest-environment node
 *
 * Which browser the browser tests launch (scripts/chromium.ts): the headless shell where Debian's is installed,
 * whatever the environment names first.
 */
import { testBrowserPath } from "../scripts/chromium"

const shellInstalled = (path: string) => path === "/usr/bin/chromium-headless-shell"
const nothingInstalled = () => false

test("Debian's headless shell when it is installed and no browser is named", () => {
  expect(testBrowserPath({}, shellInstalled)).toBe("/usr/bin/chromium-headless-shell")
})

test("Debian's Chromium when the headless shell is not installed", () => {
  expect(testBrowserPath({}, nothingInstalled)).toBe("/usr/bin/chromium")
})

test("the browser CHROMIUM_PATH names (a GitHub runner's Chrome), even beside an installed shell", () => {
  expect(testBrowserPath({ CHROMIUM_PATH: "/usr/bin/google-chrome" }, shellInstalled)).toBe("/usr/bin/google-chrome")
})

test("CHROMIUM_HEADLESS_SHELL_PATH first of all", () => {
  const env = { CHROMIUM_PATH: "/usr/bin/google-chrome", CHROMIUM_HEADLESS_SHELL_PATH: "/opt/shell/headless_shell" }
  expect(testBrowserPath(env, nothingInstalled)).toBe("/opt/shell/headless_shell")
})
