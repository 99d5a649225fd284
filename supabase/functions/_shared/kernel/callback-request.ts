/**
 * The city offer page's "Prefer a Callback?" request, declared once: the fields the visitor fills in, in the form's
 * order, by the names its body has always had (an older page's body still reads). The page gives the rest (the offer,
 * its campaign, the fixed property, plan and pests: src/lib/leads/offer-callback.ts), the arrival-window picker the
 * windows. Only the name and the number are required. Labels: data/offer-page.yaml `callback.fields`, by these names.
 */
import { isFieldOf, type OfficePlace, type RequestDeclaration } from "./request-fields.ts"

export const CALLBACK_REQUEST = {
  fields: {
    full_name: { input: "name", max: 120, errorName: "name", column: "full_name", shows: [], width: "half" },
    phone: { input: "phone", column: "phone", shows: [], width: "half" },
    // Shown in the callback's address row with the town and ZIP (mail/templates.ts), as every visit's is.
    street_address: { input: "street", max: 200, required: false, column: "street_address", shows: [], width: "half" },
    city: { input: "town", max: 100, column: "city", shows: [], width: "half" },
    notes: { input: "text", max: 2000, multiline: true, column: "notes", shows: ["notice", "confirmation", "alert"] },
  },
} as const satisfies RequestDeclaration<OfficePlace>

export type CallbackFieldName = keyof typeof CALLBACK_REQUEST.fields

export const isCallbackField = isFieldOf(CALLBACK_REQUEST)
