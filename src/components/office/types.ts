/** The texts of data/office-links.yaml, as the office link pages use them. */
import type { OfficeLinksTexts } from "../../../gatsby/data-schemas/office-links"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"

export type OfficeLinkTexts = ReadonlyData<OfficeLinksTexts>
export type HeadingAndText = OfficeLinkTexts["invalid"]
/** What a page says in each state of its link (acknowledge and acknowledgeAll add their own words). */
export type OfficeActionTexts = OfficeLinkTexts["release"]

/** What both pages are given besides their texts. */
export interface OfficePageProps {
  heading: string
  intro: string
  texts: OfficeLinkTexts
  companyName: string
  phone: { readonly display: string; readonly e164: string }
  /** The company's time zone (data/site.yaml), in which every time is shown. */
  timeZone: string
}
