/**
 * A text whose `backticked` parts are code (a field's name, a value to type, a command): shown as <code>, which
 * is the same in every language and is read as code, not as the page's language.
 */
export function CodeText({ text }: { text: string }) {
  const parts = text.split("`")
  // An odd part sat between two backticks; an unclosed backtick stays as written.
  if (parts.length % 2 === 0) return <>{text}</>
  return <>{parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>
}
