/**
 * What every parsed body goes through before validation. Two classes of input used to be 500s:
 * a body nested thousands of levels deep (every recursive walker overflowed the stack) and text
 * that is not well-formed Unicode (a lone UTF-16 surrogate, which Postgres refuses in jsonb, so the
 * lead was lost); a third cost seconds: a legal-size body with a list of 30,000 items, walked item by
 * item. Depth and list length are refused with a 400 before anything walks the body; broken characters
 * are replaced, because a visitor's lead matters more than one broken character.
 */

/** No body needs more than object → list → text (2); a little room, never thousands. */
export const MAX_JSON_DEPTH = 4

export const REPLACEMENT_CHARACTER = "\uFFFD"

/** A surrogate without its partner. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
/** NUL, which Postgres cannot store in text or jsonb. */
const NUL = "\0"

/** The text with every lone surrogate and NUL replaced by U+FFFD; well-formed text comes back unchanged. */
export const wellFormed = (text: string): string =>
  text.replace(LONE_SURROGATE, REPLACEMENT_CHARACTER).replaceAll(NUL, REPLACEMENT_CHARACTER)

const isContainer = (value: unknown): value is object => typeof value === "object" && value !== null

/** No field takes a list of more than 25 items (contract.ts' MAX_PESTS); a little room, never thousands. */
export const MAX_JSON_LIST = 100

/** Where a parsed body is too big in shape to walk: the top-level field (or "body") and why. */
export interface ShapeProblem {
  field: string
  message: string
}

/**
 * The top-level field (or "body") under which the value nests deeper than `maxDepth` or holds a list
 * longer than `maxList`, or null. Iterative, with an explicit stack, so no depth can overflow it; a
 * list is measured before its items are visited, so a 30,000-item list costs one comparison.
 */
export function shapeProblemAt(
  value: unknown,
  maxDepth = MAX_JSON_DEPTH,
  maxList = MAX_JSON_LIST,
): ShapeProblem | null {
  const stack: Array<{ value: unknown; depth: number; field: string }> = [{ value, depth: 0, field: "body" }]
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (!isContainer(item.value)) continue
    if (item.depth >= maxDepth)
      return { field: item.field, message: `Nested too deeply (no field takes more than ${maxDepth} levels)` }
    if (Array.isArray(item.value) && item.value.length > maxList)
      return { field: item.field, message: `A list of more than ${maxList} items (no field takes one)` }
    const topLevel = item.depth === 0 && !Array.isArray(item.value)
    for (const [key, child] of Object.entries(item.value)) {
      if (isContainer(child))
        stack.push({ value: child, depth: item.depth + 1, field: topLevel ? wellFormed(key) : item.field })
    }
  }
  return null
}

/** A copy with every string and key well-formed. Call it only on a value shapeProblemAt accepted: it recurses. */
export function withWellFormedText(value: unknown): unknown {
  if (typeof value === "string") return wellFormed(value)
  if (Array.isArray(value)) return value.map(withWellFormedText)
  if (isContainer(value))
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [wellFormed(key), withWellFormedText(child)]))
  return value
}
