/**
 * The W3C Nu HTML Checker (vnu-jar, run on Java): one JVM run over all of public/**\/*.html. Only its CSS
 * messages are left out: its CSS grammar lags modern CSS (Tailwind 4's @layer, @property, color-mix(),
 * nesting) and CSS is not what this check is about.
 */
import { execFile } from "node:child_process"
import path from "node:path"
import { promisify } from "node:util"
import { PUBLIC, filesUnder } from "../public-files"

interface VnuMessage {
  type: string
  url?: string
  lastLine?: number
  firstColumn?: number
  message: string
}

/** The checker's jar, from the vnu-jar npm package (which ships no types). */
const VNU_JAR = require.resolve("vnu-jar/build/dist/vnu.jar")

/** Pages only: public/_gatsby/ holds fragments (slices) that Gatsby pastes into pages. */
export const builtPages = () =>
  filesUnder(PUBLIC).filter((file) => file.endsWith(".html") && !path.relative(PUBLIC, file).startsWith("_gatsby/"))

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** One message of vnu's JSON report, checked field by field. */
function vnuMessage(value: unknown): VnuMessage {
  if (!isRecord(value) || typeof value.type !== "string" || typeof value.message !== "string")
    throw new Error(`not a vnu message: ${JSON.stringify(value)}`)
  const { type, message, url, lastLine, firstColumn } = value
  return {
    type,
    message,
    url: typeof url === "string" ? url : undefined,
    lastLine: typeof lastLine === "number" ? lastLine : undefined,
    firstColumn: typeof firstColumn === "number" ? firstColumn : undefined,
  }
}

/**
 * Every error (fatal ones and failures to read a file too; warnings, type "info", are not errors) that is
 * not about CSS (those messages all begin with "CSS:"), as "page:line:column message".
 */
export async function nuCheckerErrors(pages: string[]): Promise<string[]> {
  // vnu exits 1 when it finds errors; the JSON report (on stderr) is read either way. One short run: the
  // JVM's quick compiler alone and its serial collector give the same report for less than half the CPU
  // (the optimising compiler and the parallel collector's threads never pay off in ~10 s).
  const { stderr } = await promisify(execFile)(
    "java",
    [
      "-Xss8m",
      "-XX:TieredStopAtLevel=1",
      "-XX:+UseSerialGC",
      "-jar",
      VNU_JAR,
      "--format",
      "json",
      "--exit-zero-always",
      ...pages,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  )
  const report: unknown = JSON.parse(stderr)
  const messages = isRecord(report) && Array.isArray(report.messages) ? report.messages.map(vnuMessage) : null
  if (!messages) throw new Error(`not a vnu report: ${stderr.slice(0, 500)}`)
  return messages
    .filter((message) => message.type !== "info" && !/^CSS:/.test(message.message))
    .map((message) => {
      const page = message.url ? path.relative(PUBLIC, new URL(message.url).pathname) : "(no page)"
      return `${page}:${String(message.lastLine ?? "?")}:${String(message.firstColumn ?? "?")} ${message.message}`
    })
}
