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
