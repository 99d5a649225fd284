/**
 * What a lead names its offer by. A lead stores the offer's name as the visitor's page wrote it, in the
 * visitor's language ("Express Pest Fix - $39" on /offer/yonkers39/, "Control de Plagas Exprés - $39" on its
 * Spanish page), so the office's figures read every stored name back to the offer's key (report/offer-groups.ts).
 */

/** The key of the $49 landing page's offer (/scarsdale-49-offer); each city offer's is its file's `key`. */
export const LANDING_OFFER_KEY = "scarsdale-49"

/** The name an offer page's callback form stores: "Express Pest Fix - $39". */
export const callbackOfferName = (offer: { offerName: string; price: string }): string =>
  `${offer.offerName} - ${offer.price}`
