/** @jest-environment node */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { dataDirFrom, migratedTemplate } from "./migrated-template"
jest.setTimeout(600_000)
const t = async <T,>(label: string, f: () => Promise<T>) => { const s = performance.now(); const cpu = process.cpuUsage(); const r = await f(); const c = process.cpuUsage(cpu); console.log(label, Math.round(performance.now() - s), "ms wall", Math.round((c.user + c.system)/1000), "ms cpu"); return r }
const work = async (pg: PGlite) => { for (let i = 0; i < 200; i++) await pg.query(`insert into function_calls (function_name, submission_id, request_hash, status_code, response) values ('process-contact', gen_random_uuid(), 'h', 200, '{}'::jsonb)`) }
test("compare", async () => {
  const blob = await migratedTemplate()
  await dataDirFrom("migrated", fs.mkdtempSync(path.join(os.tmpdir(), "zz-")))
  await t("warm", async () => (await PGlite.create({ loadDataDir: blob })).close())
  for (let i = 0; i < 3; i++) {
    const a = await t("memory from tarball", () => PGlite.create({ loadDataDir: blob }))
    await t("  200 inserts memory", () => work(a))
    await t("  close", () => a.close())
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zz-"))
    const b = await t("disk copy + open", async () => PGlite.create(await dataDirFrom("migrated", dir)))
    await t("  200 inserts disk", () => work(b))
    await t("  close", () => b.close())
    fs.rmSync(dir, { recursive: true })
  }
})
