const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }

/** Escapes text for HTML element content and quoted attribute values. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch)

/**
 * Fills {placeholders}; unknown ones are left as they are. A value that ends a sentence with its own period
 * ("… 11:00 a. m.") takes the template's period after it: "{window}." never reads "a. m..".
 */
export const fill = (template: string, values: Readonly<Record<string, string>>) =>
  template.replace(/\{(\w+)\}(\.(?!\.))?/g, (match, key: string, period: string | undefined) => {
    const value = values[key]
    if (value === undefined) return match
    return period && !value.endsWith(".") ? `${value}.` : value
  })

/** Every text inside `value` (objects and lists, at any depth) with its {placeholders} filled. */
export const fillTexts = <T>(value: T, values: Readonly<Record<string, string>>): T => {
  if (typeof value === "string") return fill(value, values) as T
  if (Array.isArray(value)) return value.map((item: unknown) => fillTexts(item, values)) as T
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fillTexts(inner, values)])) as T
  return value
}
