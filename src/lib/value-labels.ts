/** What a fixed value says to the visitor: its label in the page's language (data/services-page.yaml valueLabels). */
import type { ReadonlyData } from "../../gatsby/data-schemas/readonly-data"
import type { ServicesPageTexts } from "../../gatsby/data-schemas/services-page"

/** Each field's values with their labels, in one language. */
export type ValueLabelsData = ReadonlyData<ServicesPageTexts["valueLabels"]>
export type ValueLabelList = ValueLabelsData[keyof ValueLabelsData]

/**
 * The label of `value`. The data check labels every value of the schema's list, so a value without one is a
 * value the schema does not allow: the page fails to build rather than show the English value.
 */
export const labelOf = (labels: ValueLabelList, value: string): string => {
  const entry = labels.find((candidate) => candidate.value === value)
  if (!entry) throw new Error(`"${value}" has no label in data/services-page.yaml valueLabels`)
  return entry.label
}
