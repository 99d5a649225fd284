import { fillTexts } from "../../../supabase/functions/_shared/kernel/escape.ts"
import { priceAmount } from "../../lib/price"
import type { ScarsdaleOfferContent, ScarsdaleOfferData } from "./types"

/**
 * The $49 page's texts with {price}, {regularValue} and {saving} filled from its `amounts`, and the booking's Ads
 * conversion value from the same price: a price changed once is changed on the whole page.
 */
export function scarsdaleOfferContent(data: ScarsdaleOfferData): ScarsdaleOfferContent {
  const filled = fillTexts(data, data.amounts)
  return { ...filled, booking: { ...filled.booking, conversionValue: priceAmount(data.amounts.price) } }
}
