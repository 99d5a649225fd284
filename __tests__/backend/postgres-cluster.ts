/**
 * A throwaway real Postgres server (Debian's `postgresql` package) for tests:
 * initdb in a temp dir, started on a free port on 127.0.0.1 with its socket in
 * that dir. Postgres refuses to run as root, so as root (CI) it runs as the
 * `postgres` user.
 */
import { execFile, execFileSync } from "node:child_process"
import { promisify } from "node:util"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import postgres from "postgres"
import { freePort } from "../../scripts/static-server"

const hasServer = (dir: string) => fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl"))

/** The directory of initdb and pg_ctl, or null when Postgres is not installed. */
export function postgresBinDir(): string | null {
  try {
    const dir = execFileSync("pg_config", ["--bindir"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim()
    if (hasServer(dir)) return dir
  } catch {
    // No pg_config (or only the client package): look where Debian puts each version.
  }
  const root = "/usr/lib/postgresql"
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  return versions.map((v) => path.join(root, v, "bin")).find(hasServer) ?? null
}

export interface PostgresCluster {
  /** A new empty database on the server, as a URL. */
  createDatabase(name: string): Promise<string>
  /**
   * Stops the server in a shutdown mode (fast: each session is told and ended; immediate: every
   * process quits at once, as in a crash) and starts it again on the same port. It runs beside the
   * caller's event loop, so requests go on during the restart.
   */
  restart(mode: "fast" | "immediate"): Promise<void>
  stop(): Promise<void>
}

/** For a suite that runs where Postgres is installed (CI's .ci/run installs it): a missing server fails it. */
export async function startRequiredPostgresCluster(binDir: string | null): Promise<PostgresCluster> {
  if (!binDir)
    throw new Error(
      "No Postgres server binaries (initdb, pg_ctl) found: install Debian's postgresql package (.ci/run does).",
    )
  return startPostgresCluster(binDir)
}

export async function startPostgresCluster(binDir: string): Promise<PostgresCluster> {
  const asRoot = process.getuid?.() === 0
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-cluster-"))
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim())
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim())
    fs.chownSync(dir, uid, gid)
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", path.join(binDir, tool), ...args]] : [path.join(binDir, tool), args]
  const run = (tool: string, args: string[]) => {
    execFileSync(...command(tool, args), { cwd: dir, stdio: ["ignore", "pipe", "pipe"] })
  }
  const runAsync = async (tool: string, args: string[]) => {
    await promisify(execFile)(...command(tool, args), { cwd: dir })
  }
  const data = path.join(dir, "data")
  const port = await freePort()
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"])
  const startArgs = [
    "-D",
    data,
    "-l",
    path.join(dir, "log"),
    "-w",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "start",
  ]
  run("pg_ctl", startArgs)
  const url = (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`
  return {
    async createDatabase(name) {
      const sql = postgres(url("postgres"), { max: 1, onnotice: () => undefined })
      try {
        await sql.unsafe(`create database ${name}`)
      } finally {
        await sql.end()
      }
      return url(name)
    },
    async restart(mode) {
      await runAsync("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"])
      await runAsync("pg_ctl", startArgs)
    },
    stop() {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
      fs.rmSync(dir, { recursive: true, force: true })
      return Promise.resolve()
    },
  }
}
