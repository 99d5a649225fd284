/**
 * CSV as RFC 4180 writes it, made safe to open in any spreadsheet (OWASP's CSV-injection advice):
 * - every cell is quoted, its quotes doubled, CRLF between records;
 * - a visitor's text cannot become a formula whichever separator the spreadsheet splits on: not only
 *   the cell, but every piece of it that a reader splitting on `;` or a tab (Excel in many European and
 *   Spanish-language locales), on a comma, or at a quote or line break would take for a cell, gets a
 *   leading apostrophe when it starts (after any spaces) with =, +, -, @, a tab or a carriage return,
 *   or their full-width and small forms (＝ ＋ － ＠, ﹦ ﹢ ﹣ ﹫), which some spreadsheets read as the
 *   ASCII ones. Spreadsheets show the apostrophe as text; the rest of the cell stays as it was.
 */

/** What a formula may start with: OWASP's list and the full-width and small forms of its characters. */
const FORMULA_CHARS = "=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20\\uFE66\\uFE62\\uFE63\\uFE6B"

/** Where a reader may start a cell: the cell's start, or after a separator (comma, semicolon, tab), a quote or a line break. */
const PIECE_START = new RegExp(`(?<=^|[,;\\t\\r\\n"])( *)(?=[${FORMULA_CHARS}])`, "g")

/** The cell as a spreadsheet may open it: text, never a formula, whichever separator it splits on. */
export const neutralised = (cell: string): string => cell.replace(PIECE_START, "'$1")

const field = (cell: string): string => `"${neutralised(cell).replaceAll('"', '""')}"`

/** One record, without its line break. */
export const csvRecord = (cells: readonly string[]): string => cells.map(field).join(",")

/** A header record and the records, each ended by CRLF. */
export function toCsv(header: readonly string[], records: Iterable<readonly string[]>): string {
  const lines = [csvRecord(header)]
  for (const record of records) lines.push(csvRecord(record))
  return `${lines.join("\r\n")}\r\n`
}
