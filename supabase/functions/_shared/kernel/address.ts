/**
 * A visit's address as people read it, one way everywhere (the site's review step, every e-mail, the office's
 * notice and board, the calendar file): "12 Oak Ln, Scarsdale, NY 10583".
 *
 * Visitors often type the whole address into the street field (a browser's autofill does too), and some forms add
 * the town and ZIP of their own (the $49 page's are the offer's): a town, state or ZIP the street already ends
 * with is not written twice. A street that ends with another ZIP is a whole address of its own, written as typed:
 * the parts the form added do not belong to it (the office is told of an address outside an offer's towns apart).
 */

export interface AddressParts {
  street?: string | null
  city?: string | null
  state?: string | null
  zip?: string | null
}

const ZIP_AT_END = /[\s,]*\b(\d{5})(?:-\d{4})?\s*$/
const STATE_AT_END = /[\s,]*\b([A-Za-z]{2})\s*$/

const clean = (part: string | null | undefined) => (part ?? "").replace(/\s+/g, " ").trim()
const same = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" }) === 0

/** The street with the ZIP, state and town it ends with taken off, when they are the ones given; and whether it had another ZIP. */
function streetAlone(street: string, city: string, state: string, zip: string): { street: string; ownZip: boolean } {
  let rest = street
  const zipMatch = ZIP_AT_END.exec(rest)
  if (zipMatch) {
    if (zip && zipMatch[1] !== zip) return { street, ownZip: true }
    rest = rest.slice(0, zipMatch.index)
  }
  const stateMatch = STATE_AT_END.exec(rest)
  if (stateMatch?.[1] && state && same(stateMatch[1], state)) rest = rest.slice(0, stateMatch.index)
  if (city) {
    const tail = rest.slice(Math.max(0, rest.length - city.length))
    const before = rest.slice(0, rest.length - city.length)
    // The town after a comma ("…Ln, Scarsdale") or before the state or ZIP taken off ("…Ln Scarsdale NY"); at the
    // end of a street's own name ("40 Old Scarsdale") it stays.
    const town = /,\s*$/.test(before) || ((zipMatch !== null || rest !== street) && /\s$/.test(before))
    if (same(tail, city) && (before === "" || town)) rest = before
  }
  return { street: rest.replace(/[\s,]+$/, ""), ownZip: false }
}

/**
 * The town and ZIP a typed street ends with ("5 Elm St, Yonkers, NY 10701": Yonkers, 10701), by the same reading
 * as formatAddress: the ZIP at the end, then a state, then the town after the last comma. Null where none is typed.
 */
export function trailingPlace(typed: string | null | undefined): { town: string | null; zip: string | null } {
  let rest = clean(typed)
  const zipMatch = ZIP_AT_END.exec(rest)
  if (zipMatch) rest = rest.slice(0, zipMatch.index)
  const stateMatch = STATE_AT_END.exec(rest)
  // Two letters in the part after a comma are a state ("…, Yonkers, NY", "…, Yonkers NY"); in the street alone
  // they may end its name ("5 Elm St").
  if (stateMatch && /,[^,]*[\s,][A-Za-z]{2}\s*$/.test(rest)) rest = rest.slice(0, stateMatch.index)
  const comma = rest.lastIndexOf(",")
  const town = comma < 0 ? "" : rest.slice(comma + 1).trim()
  // A part that starts with a number is the street itself ("Apt 2, 5 Elm St"), not a town.
  return { town: town && !/^\d/.test(town) ? town : null, zip: zipMatch?.[1] ?? null }
}

/** Whether two town names are the same one, case and accents aside. */
export const sameTown = (a: string, b: string) => same(clean(a), clean(b))

/** "12 Oak Ln, Scarsdale, NY 10583": the parts given, each once, blanks left out. */
export function formatAddress(parts: AddressParts): string {
  const city = clean(parts.city)
  const state = clean(parts.state).toUpperCase()
  const zip = clean(parts.zip)
  const typed = clean(parts.street)
  const { street, ownZip } = streetAlone(typed, city, state, zip)
  if (ownZip) return typed
  // A state alone is no address.
  if (!street && !city && !zip) return ""
  const region = [state, zip].filter(Boolean).join(" ")
  return [street, city, region].filter(Boolean).join(", ")
}
