/**
 * The $49 booking's request, declared once: the fields the visitor fills in, in the form's order. The offer's page
 * gives the rest (its town, ZIP and offer: data/scarsdale-offer.yaml `booking`), and the arrival-window picker the
 * windows. Labels and placeholders: data/scarsdale-offer.yaml `form.fields`, by these names.
 */
import { isFieldOf, type OfficePlace, type RequestDeclaration } from "./request-fields.ts"

export const BOOKING_REQUEST = {
  fields: {
    fullName: { input: "name", max: 120, errorName: "fullName", column: "full_name", shows: [] },
    phone: { input: "phone", column: "phone", shows: [], width: "half" },
    email: { input: "email", column: "email", shows: [], width: "half" },
    // Shown in the booking's address row with the offer's town and ZIP (mail/templates.ts), as every visit's is.
    streetAddress: { input: "street", max: 200, errorName: "propertyAddress", column: "street_address", shows: [] },
  },
} as const satisfies RequestDeclaration<OfficePlace>

export type BookingFieldName = keyof typeof BOOKING_REQUEST.fields

export const isBookingField = isFieldOf(BOOKING_REQUEST)
