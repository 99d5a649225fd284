import { CodeText } from "./code-text"

/** Plain lines of text (`code` marked) as a bulleted list, or a numbered one for steps taken in order. */
export function TextList({
  items,
  ordered = false,
  className,
}: {
  items: readonly string[]
  ordered?: boolean
  className: string
}) {
  const List = ordered ? "ol" : "ul"
  return (
    <List className={className}>
      {items.map((item) => (
        <li key={item}>
          <CodeText text={item} />
        </li>
      ))}
    </List>
  )
}
