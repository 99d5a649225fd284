/**
 * A real CSV parser to read back what the backend writes: Python's standard `csv` module (python3 is on
 * every machine of this project, CI's included), strict by default, so a malformed quote is an error,
 * not a guess. The bytes are decoded as UTF-8 with an optional byte-order mark, as a spreadsheet reads
 * them. `delimiter` reads the file as a spreadsheet splitting on another separator would (`;`, a tab);
 * such a reader is lenient (`strict: false`), as spreadsheets are, with what it does not expect.
 */
import { spawnSync } from "node:child_process"

const READER = `
import csv, io, json, sys
delimiter, strict = sys.argv[1], sys.argv[2] == "1"
text = sys.stdin.buffer.read().decode("utf-8-sig")
rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=strict))
json.dump(rows, sys.stdout)
`

const isRows = (value: unknown): value is string[][] =>
  Array.isArray(value) &&
  value.every((row: unknown) => Array.isArray(row) && row.every((cell: unknown) => typeof cell === "string"))

export interface CsvReading {
  /** The separator the reader splits on: a comma unless told. */
  delimiter?: "," | ";" | "\t"
  /** Whether a malformed quote is an error (the default) or read as a lenient reader reads it. */
  strict?: boolean
}

export function readCsv(bytes: Uint8Array, { delimiter = ",", strict = true }: CsvReading = {}): string[][] {
  const run = spawnSync("python3", ["-c", READER, delimiter, strict ? "1" : "0"], {
    input: bytes,
    maxBuffer: 256 * 1024 * 1024,
  })
  if (run.status !== 0) throw new Error(`python3's csv reader failed: ${run.stderr.toString()}`)
  const rows: unknown = JSON.parse(run.stdout.toString("utf8"))
  if (!isRows(rows)) throw new Error("python3's csv reader gave something other than rows of text")
  return rows
}
