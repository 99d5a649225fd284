/**
 * A real CSV parser to read back what the backend writes: Python's standard `csv` module (python3 is on
 * every machine of this project, CI's included), strict, so a malformed quote is an error, not a guess.
 * The bytes are decoded as UTF-8 with an optional byte-order mark, as a spreadsheet reads them.
 */
import { spawnSync } from "node:child_process"

const READER = `
import csv, io, json, sys
text = sys.stdin.buffer.read().decode("utf-8-sig")
rows = list(csv.reader(io.StringIO(text, newline=""), strict=True))
json.dump(rows, sys.stdout)
`

const isRows = (value: unknown): value is string[][] =>
  Array.isArray(value) &&
  value.every((row: unknown) => Array.isArray(row) && row.every((cell: unknown) => typeof cell === "string"))

export function readCsv(bytes: Uint8Array): string[][] {
  const run = spawnSync("python3", ["-c", READER], { input: bytes, maxBuffer: 256 * 1024 * 1024 })
  if (run.status !== 0) throw new Error(`python3's csv reader failed: ${run.stderr.toString()}`)
  const rows: unknown = JSON.parse(run.stdout.toString("utf8"))
  if (!isRows(rows)) throw new Error("python3's csv reader gave something other than rows of text")
  return rows
}
