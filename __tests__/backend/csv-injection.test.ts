/**
 * The weekly CSV against CSV injection (OWASP), by class: cells built from formula starts (= + - @, tab,
 * CR and their full-width and small forms), separators (comma, semicolon, tab), quotes, spaces and line
 * breaks, in any order. Read back by Python's csv module splitting on a comma (strict: exactly the
 * cells written, an apostrophe added where a formula could start), and as a spreadsheet splitting on
 * `;` or a tab, or ignoring quotes altogether, would read it: no cell any of them sees starts a formula.
 */
import fc from "fast-check"
import { neutralised, toCsv } from "../../supabase/functions/_shared/report/csv"
import { readCsv } from "./python-csv"

/** What a spreadsheet may take for the start of a formula: OWASP's characters and their full-width and small forms. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]/

const PIECES = [
  ...["=", "+", "-", "@", "\t", "\r", "\n"],
  ...["＝", "＋", "－", "＠", "﹦", "﹢", "﹣", "﹫"],
  ...[",", ";", '"', "'", " "],
  "1+2",
  "cmd|' /C calc'!A0",
  'HYPERLINK("http://evil.example/?x","Click")',
  "SUM(A1:A2)",
  "Ann",
  "María",
  "x",
]

const cell = fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((pieces) => pieces.join(""))
const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 })

/** What starts a formula once a spreadsheet has skipped white space and quotes: = + - @ and their other forms. */
const FORMULA_SIGN = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]/

/** The cells a reader would take for formulas, skipping leading white space (tabs and line breaks too) and quotes. */
const formulas = (cells: readonly string[]) => cells.filter((c) => FORMULA_SIGN.test(c.replace(/^[\s"]+/, "")))

const csvOf = (rows: readonly string[][]) => {
  const [header = [], ...records] = rows
  return Buffer.from(toCsv(header, records), "utf8")
}

/** Many generated tables at once, as one file (one parser run for all of them). */
const SAMPLE = fc.sample(table, { numRuns: 400, seed: 42 }).flat()

test("read back on a comma, every cell is what was written, with only apostrophes added, and none starts a formula", () => {
  const read = readCsv(csvOf(SAMPLE))
  expect(read).toEqual(SAMPLE.map((row) => row.map(neutralised)))
  for (const [i, row] of SAMPLE.entries())
    for (const [j, written] of row.entries())
      expect(read[i]?.[j]?.replaceAll("'", "")).toBe(written.replaceAll("'", ""))
  expect(formulas(read.flat())).toEqual([])
  // OWASP's own rule, as written: no cell starts with a formula sign, a tab or a carriage return.
  expect(read.flat().filter((c) => FORMULA_START.test(c))).toEqual([])
})

test.each([";", "\t"] as const)("read by a spreadsheet splitting on %j, no cell starts a formula", (delimiter) => {
  expect(formulas(readCsv(csvOf(SAMPLE), { delimiter, strict: false }).flat())).toEqual([])
})

test("read by a reader that ignores quotes and splits on any separator or line break, no piece starts a formula", () => {
  fc.assert(
    fc.property(table, (rows) => {
      expect(
        formulas(
          csvOf(rows)
            .toString("utf8")
            .split(/[,;\t\r\n]/),
        ),
      ).toEqual([])
    }),
    { numRuns: 2000 },
  )
})

test("the issue's payloads: every cell quoted, each formula a piece of text", () => {
  const csv = toCsv(
    ["name", "note"],
    [
      ["Ann;=1+2;x", "a\t=SUM(A1:A2)\t+1"],
      ["＝1+2", " @x"],
    ],
  )
  expect(csv).toBe(`"name","note"\r\n"Ann;'=1+2;x","a\t'=SUM(A1:A2)\t'+1"\r\n"'＝1+2","' @x"\r\n`)
  const bySemicolon = readCsv(Buffer.from("Ann;=1+2;x"), { delimiter: ";", strict: false })
  expect(formulas(bySemicolon.flat())).toEqual(["=1+2"])
  const written = readCsv(Buffer.from(csv), { delimiter: ";", strict: false })
  expect(formulas(written.flat())).toEqual([])
})
