/**
 * CSV as RFC 4180 writes it: CRLF between records, a field quoted when it holds a comma, a quote or a
 * line break, its quotes doubled. A visitor's text cannot become a formula: a cell starting with =, +,
 * -, @, a tab or a carriage return gets a leading apostrophe (OWASP's advice on CSV injection), which
 * spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** The cell as a spreadsheet may open it: text, never a formula. */
export const neutralised = (cell: string): string => (FORMULA_START.test(cell) ? `'${cell}` : cell)

const field = (cell: string): string => {
  const safe = neutralised(cell)
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** One record, without its line break. */
export const csvRecord = (cells: readonly string[]): string => cells.map(field).join(",")

/** A header record and the records, each ended by CRLF. */
export function toCsv(header: readonly string[], records: Iterable<readonly string[]>): string {
  const lines = [csvRecord(header)]
  for (const record of records) lines.push(csvRecord(record))
  return `${lines.join("\r\n")}\r\n`
}
