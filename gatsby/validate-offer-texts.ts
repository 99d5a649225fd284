/**
 * Checks of an offer's texts that need its other fields: a coupon code written out instead of {couponCode}
 * (it would stay behind when the code changes), and a title or description too long once its placeholders are
 * filled (the schema counts them as written). The schema itself refuses dollar amounts and unknown placeholders.
 */
import { offerSchema } from "./data-schemas/offer"
import { filledOfferTexts } from "../src/lib/offer-text"
import type { DataFile, DataProblem } from "./data-problem"

/** The offer's texts with placeholders, as field paths of the data file. */
const textsOf = (offer: OfferLike): Array<[field: string, text: string]> => [
  ["title", offer.title],
  ["metaDescription", offer.metaDescription],
  ...offer.customTestimonials.flatMap((item, i) =>
    (["quote", "name", "location"] as const).map((name): [string, string] => [
      `customTestimonials[${i}].${name}`,
      item[name],
    ]),
  ),
]

interface OfferLike {
  key: string
  city: string
  offerName: string
  price: string
  couponCode: string
  phone: { display: string }
  title: string
  metaDescription: string
  customTestimonials: Array<{ quote: string; name: string; location: string }>
}

/** The schema's own `max` of a text field: one number for both checks. */
const maxOf = (field: "title" | "metaDescription") => {
  const description = offerSchema.describe().fields[field]
  const tests = description && "tests" in description ? description.tests : []
  const max = tests.find((t) => t.name === "max")?.params?.max
  return typeof max === "number" ? max : Infinity
}

const isOffer = (content: Record<string, unknown>): content is Record<string, unknown> & Omit<OfferLike, "phone"> =>
  offerSchema.isValidSync(content, { strict: true })

/** The offers' problems; `sitePhone` stands in for {phone} where an offer has none of its own. */
export function validateOfferTexts(offers: readonly DataFile[], sitePhone: string): DataProblem[] {
  return offers.flatMap(({ file, content }) => {
    if (!isOffer(content)) return [] // its schema problems are reported already
    const phone = (content.phone as { display: string } | undefined) ?? { display: sitePhone }
    const offer: OfferLike = { ...content, phone }
    const problems: DataProblem[] = []
    for (const [field, text] of textsOf(offer))
      if (text.includes(offer.couponCode))
        problems.push({
          file,
          entry: offer.key,
          field,
          message: `write {couponCode} instead of ${offer.couponCode}, so a new coupon code reaches this text too`,
        })
    const filled = filledOfferTexts(offer)
    for (const field of ["title", "metaDescription"] as const)
      if (filled[field].length > maxOf(field))
        problems.push({
          file,
          entry: offer.key,
          field,
          message: `must be at most ${maxOf(field)} characters once its placeholders are filled (it has ${filled[field].length})`,
        })
    return problems
  })
}
