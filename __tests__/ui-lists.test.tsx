import { cleanup, render, screen, within } from "./fixtures/site-render"
import fc from "fast-check"
import { FeatureList } from "../src/components/ui/feature-list"
import { StarRating } from "../src/components/ui/star-rating"
import { TextList } from "../src/components/ui/text-list"

// Data-file lines: any text, unique within a list (they are the React keys), blank ones aside; a backtick marks
// code (CodeText, tested with the Spanish pages' check), so the lines here have none.
const lines = fc.uniqueArray(
  fc
    .string({ minLength: 1, maxLength: 40 })
    .filter((line) => line.trim() === line && line !== "" && !line.includes("`")),
  { maxLength: 8 },
)

/** The text of each list item, in order. */
const itemTexts = (list: HTMLElement) =>
  within(list)
    .queryAllByRole("listitem")
    .map((item) => item.textContent)

test("TextList shows every line once, in order, as a bulleted or a numbered list", () => {
  fc.assert(
    fc.property(lines, fc.boolean(), (items, ordered) => {
      const { container } = render(<TextList items={items} ordered={ordered} className="list" />)
      const list = container.firstElementChild as HTMLElement
      expect(list.tagName).toBe(ordered ? "OL" : "UL")
      expect(itemTexts(list)).toEqual(items)
      cleanup()
    }),
  )
})

test("FeatureList shows every line once, in order, after a mark hidden from screen readers", () => {
  fc.assert(
    fc.property(lines, fc.constantFrom("check" as const, "no" as const), (items, mark) => {
      render(<FeatureList items={items} mark={mark} className="list" />)
      const list = screen.getByRole("list")
      expect(itemTexts(list)).toEqual(items)
      for (const item of within(list).queryAllByRole("listitem"))
        expect(item.querySelector("svg")).toHaveAttribute("aria-hidden", "true")
      cleanup()
    }),
  )
})

test("StarRating draws as many stars as the rating and names the rating once", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 5 }), (rating) => {
      render(<StarRating rating={rating} />)
      const stars = screen.getByRole("img", { name: `${rating} out of 5 stars` })
      expect(stars.querySelectorAll("svg")).toHaveLength(rating)
      cleanup()
    }),
  )
})
