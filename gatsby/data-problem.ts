/** What every check of data/ works on and reports: a data file, and a problem naming its file, entry and field. */
export interface DataProblem {
  file: string
  entry: string
  field: string
  message: string
}

/** One data file: its path inside data/, its English content, and the file as parsed (every language). */
export interface DataFile {
  file: string
  content: Record<string, unknown>
  raw: unknown
}

/** A parsed YAML mapping (not a list, not null): what every check of data/ walks. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** A mapping's text field, or undefined when it is missing or not text. */
export const stringAt = (record: unknown, key: string) =>
  isRecord(record) && typeof record[key] === "string" ? record[key] : undefined
