/** The number in a dollar price from the data ("$49" → 49), for structured data and conversion values. */
export function priceAmount(price: string): number {
  const amount = Number(price.replace(/[$,\s]/g, ""))
  if (!Number.isFinite(amount)) throw new Error(`Not a dollar price: ${price}`)
  return amount
}
