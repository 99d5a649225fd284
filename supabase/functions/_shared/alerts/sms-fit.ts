/**
 * An SMS within a number of GSM-7 segments: the visitor's parts are shortened ("...") until the text
 * fits, as the segment counter counts it; our own words and the link are never cut. Segments are billed one by one, and
 * a flood of long messages is what made one alert cost 11.
 */
import { septetCount, smsSize, toGsm7 } from "../kernel/gsm7.ts"

/** One piece of a line: ours (kept whole) or the visitor's (`cut: true`, shortened when the text is too long). */
export interface SmsPiece {
  text: string
  cut?: boolean
}

const ELLIPSIS = "..."

/** The characters of `text` that fit in `septets`, whole characters only. */
function head(text: string, septets: number): string {
  let out = ""
  let used = 0
  for (const char of text) {
    const cost = septetCount(char)
    if (used + cost > septets) break
    out += char
    used += cost
  }
  return out
}

/** A visitor's piece cut to at most `septets`: whole when it fits, else its head and "...", or nothing when not even that fits. */
function cutTo(text: string, septets: number): string {
  if (septetCount(text) <= septets) return text
  return septets > ELLIPSIS.length ? `${head(text, septets - ELLIPSIS.length).trimEnd()}${ELLIPSIS}` : ""
}

/**
 * The lines joined, every piece in GSM-7, within `segments` segments when the visitor's pieces can be
 * shortened enough. They are shortened fairly: all cut to one common length, the longest such that the
 * text fits, so a long request does not wipe out the name (a line left with nothing is dropped only
 * when none of it was ours).
 */
export function fitSms(lines: ReadonlyArray<readonly SmsPiece[]>, segments: number): string {
  const fits = (text: string) => smsSize(text).segments <= segments
  const gsm = lines.map((line) => line.map((piece) => ({ ...piece, text: toGsm7(piece.text) })))
  const render = (limit: number) =>
    gsm
      .map((line) => line.map((piece) => (piece.cut ? cutTo(piece.text, limit) : piece.text)).join(""))
      .filter((line) => line !== "")
      .join("\n")
  const longest = Math.max(0, ...gsm.flat().map((piece) => (piece.cut ? septetCount(piece.text) : 0)))
  if (fits(render(longest))) return render(longest)
  // The longest common length that fits; 0 leaves only our own words (a test holds them within the cap).
  let low = 0
  let high = longest
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (fits(render(mid))) low = mid
    else high = mid - 1
  }
  return render(low)
}

/**
 * A template's text as pieces: its own words whole, each placeholder the piece given for it. A value of ours
 * that ends with its own period ("… 11:00 a. m.") takes the template's period after it, as `fill` does.
 */
export function templatePieces(template: string, values: Readonly<Record<string, SmsPiece>>): SmsPiece[] {
  let before: SmsPiece | undefined
  return template
    .split(/(\{\w+\})/)
    .filter((part) => part !== "")
    .flatMap((part) => {
      const value = values[/^\{(\w+)\}$/.exec(part)?.[1] ?? ""]
      const ours = before && !before.cut && before.text.endsWith(".") && /^\.(?!\.)/.test(part) ? part.slice(1) : part
      before = value
      return value ? [value] : ours === "" ? [] : [{ text: ours }]
    })
}
