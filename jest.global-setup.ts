/**
 * Once, before any test worker starts:
 * - the functions' copy of data/ (supabase/functions/_shared/kernel/site-data.generated.ts, not committed) made
 *   from data/ now, for the tests that import the functions and the Node and Deno processes they start;
 * - the functions' npm packages installed for Deno (supabase/functions/node_modules, deno.json's
 *   `nodeModulesDir: "auto"`). Without it the first Deno processes of a fresh clone, started by both workers at
 *   once, race to create that folder, and one of them exits 1.
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { writeBackendData } from "./gatsby/backend-data"

export default function globalSetup(): void {
  writeBackendData()
  const deno = path.join(__dirname, "node_modules", ".bin", "deno")
  if (!fs.existsSync(deno)) return
  execFileSync(deno, ["install"], { cwd: path.join(__dirname, "supabase", "functions"), stdio: "ignore" })
}
