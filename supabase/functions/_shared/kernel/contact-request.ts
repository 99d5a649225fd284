/**
 * The contact form's request, declared once: the form draws these fields in this order, the contract checks them,
 * the functions store them (a field without a column in the row's `details`) and show each where it `shows`.
 * Labels and placeholders: data/contact-page.yaml `form.fields`, by these names.
 */
import { isFieldOf, type OfficePlace, type RequestDeclaration } from "./request-fields.ts"

export const CONTACT_REQUEST = {
  fields: {
    name: { input: "name", max: 120, errorName: "name", column: "name", shows: [] },
    email: { input: "email", column: "email", shows: [], width: "half" },
    phone: { input: "phone", column: "phone", shows: [], width: "half" },
    message: {
      input: "text",
      required: true,
      errorName: "message",
      max: 5000,
      multiline: true,
      column: "message",
      shows: ["notice", "confirmation", "alert"],
    },
  },
} as const satisfies RequestDeclaration<OfficePlace>

export type ContactFieldName = keyof typeof CONTACT_REQUEST.fields

export const isContactField = isFieldOf(CONTACT_REQUEST)
