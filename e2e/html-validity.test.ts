/**
 * Every built page is valid HTML by the W3C Nu HTML Checker (vnu-jar, run on Java): one JVM run over
 * all of public/**\/*.html. Only its CSS messages are left out: its CSS grammar lags modern CSS
 * (Tailwind 4's @layer, @property, color-mix(), nesting) and CSS is not what this test is about.
 */
import { execFile } from "node:child_process"
import path from "node:path"
import { promisify } from "node:util"
import { PUBLIC, filesUnder } from "./public-files"

interface VnuMessage {
  type: "error" | "info" | "non-document-error"
  subType?: string
  url?: string
  lastLine?: number
  firstColumn?: number
  message: string
}

/** Messages about CSS (inside <style> elements and style attributes) all begin with "CSS:". */
const concernsCss = (message: VnuMessage) => /^CSS:/.test(message.message)

/** The checker's jar, from the vnu-jar npm package (which ships no types). */
const VNU_JAR = require.resolve("vnu-jar/build/dist/vnu.jar")

/** Errors (fatal ones too) and failures to read a file; warnings ("info") are not errors. */
const isError = (message: VnuMessage) => message.type !== "info"

test("the Nu HTML Checker reports no error on any built page", async () => {
  // Pages only: public/_gatsby/ holds fragments (slices) that Gatsby pastes into pages.
  const pages = filesUnder(PUBLIC).filter(
    (file) => file.endsWith(".html") && !path.relative(PUBLIC, file).startsWith("_gatsby/"),
  )
  expect(pages.length).toBeGreaterThan(30)
  // vnu exits 1 when it finds errors; the JSON report (on stderr) is read either way.
  const stderr = await promisify(execFile)(
    "java",
    ["-Xss8m", "-jar", VNU_JAR, "--format", "json", "--exit-zero-always", ...pages],
    { maxBuffer: 64 * 1024 * 1024 },
  ).then(({ stderr: report }) => report)
  const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] }
  const errors = messages
    .filter((message) => isError(message) && !concernsCss(message))
    .map((message) => {
      const page = message.url ? path.relative(PUBLIC, new URL(message.url).pathname) : "(no page)"
      return `${page}:${String(message.lastLine ?? "?")}:${String(message.firstColumn ?? "?")} ${message.message}`
    })
  expect(errors).toEqual([])
}, 180_000)
