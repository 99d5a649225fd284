/**
 * `gatsby develop` picks up an edit to a data file while the page is open,
 * and a data change that breaks the schema shows the same clear error there
 * (file, entry, field) without stopping the server.
 * It runs in a scratch copy of the project so this checkout's build is untouched.
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { freePort } from "../scripts/static-server"
import { plainOutput, scratchProject, type ScratchProject } from "../scripts/scratch-project"
import { useBrowser } from "./browser"

/**
 * One budget for the whole file instead of a clock per step: every step waits for its event (the server
 * answering, the heading changing, the error line) for as long as the file has left, so a slow, loaded
 * machine makes the run longer, never red. Jest's timeout sits just above it to report our message first.
 */
const BUDGET_MS = 600_000
const deadline = Date.now() + BUDGET_MS
jest.setTimeout(BUDGET_MS + 30_000)
const browser = useBrowser()
const remainingMs = () => Math.max(1, deadline - Date.now())

let project: ScratchProject
let develop: ChildProcess
let output = ""
let url = ""

async function waitFor(check: () => boolean | Promise<boolean>, what: string) {
  while (Date.now() < deadline) {
    if (await check()) return
    if (develop.exitCode !== null)
      throw new Error(
        `gatsby develop exited (${develop.exitCode}) while waiting for ${what}:\n${plainOutput(output).slice(-2000)}`,
      )
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`timed out waiting for ${what}:\n${plainOutput(output).slice(-2000)}`)
}

beforeAll(async () => {
  project = scratchProject("develop-")
  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  develop = spawn(
    process.execPath,
    [require.resolve("gatsby/cli.js"), "develop", "--host", "127.0.0.1", "--port", String(port)],
    {
      cwd: project.dir,
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", NODE_ENV: "development" },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group, so the workers it starts stop with it.
      detached: true,
    },
  )
  develop.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  develop.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  await waitFor(
    async () => (await fetch(`${url}/offer/yonkers39/`).catch(() => null))?.ok === true,
    "the develop server",
  )
})

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null

afterAll(async () => {
  // Unset when beforeAll failed early.
  const child = develop as ChildProcess | undefined
  if (child?.pid !== undefined && running(child)) {
    const { pid } = child
    const exited = new Promise((resolve) => child.once("exit", resolve))
    process.kill(-pid, "SIGTERM")
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))])
    if (running(child)) process.kill(-pid, "SIGKILL")
  }
  child?.stdout?.destroy()
  child?.stderr?.destroy()
  ;(project as ScratchProject | undefined)?.remove()
})

const offerFile = () => path.join(project.dataDir, "offers", "yonkers39.yaml")
/** One write per edit: the file watcher may read two quick writes as one and miss the second. */
const editOffer = (...replacements: Array<[from: string, to: string]>) => {
  let text = fs.readFileSync(offerFile(), "utf8")
  for (const [from, to] of replacements) {
    expect(text).toContain(from)
    text = text.replace(from, to)
  }
  fs.writeFileSync(offerFile(), text)
}

test("an edited offer shows in the open page without a reload; a broken one shows the file, entry and field, and the server keeps running", async () => {
  const page = await browser().newPage()
  try {
    await page.goto(`${url}/offer/yonkers39/`)
    const heading = page.getByRole("heading", { level: 1 })
    await heading.filter({ hasText: "Pest Control in Yonkers — Express Pest Fix" }).waitFor({ timeout: remainingMs() })
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))

    editOffer(["offerName: Express Pest Fix", "offerName: Express Pest Fix Plus"])
    await heading
      .filter({ hasText: "Pest Control in Yonkers — Express Pest Fix Plus" })
      .waitFor({ timeout: remainingMs() })
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)

    const before = output.length
    editOffer(["heroVariant: family", "heroVariant: dragon"])
    const expected =
      'Invalid data in data/offers/yonkers39.yaml, entry "yonkers39", field "heroVariant": must be one of the following values: technician, family'
    await waitFor(() => plainOutput(output.slice(before)).includes(expected), "the data error in the develop output")
    expect(develop.exitCode).toBeNull()
  } finally {
    await page.close()
  }
})
