/**
 * The estimate wizard's request, declared once: the fields of its contact step (step 6) in the step's order. The
 * wizard's choices (property, plan, pests, options, arrival windows) are its other steps', checked beside these in
 * kernel/contract.ts. Labels: data/estimate-wizard.yaml `fields`, by these names.
 */
import { isFieldOf, type RequestDeclaration } from "./request-fields.ts"

export const ESTIMATE_REQUEST = {
  fields: {
    fullName: { input: "name", max: 120, errorName: "fullName", column: "full_name", shows: [] },
    phone: { input: "phone", column: "phone", shows: [], width: "half" },
    email: { input: "email", column: "email", shows: [], width: "half" },
    // Shown in the estimate's address row with the town, state and ZIP (mail/templates.ts), as every visit's is.
    streetAddress: { input: "street", max: 200, errorName: "streetAddress", column: "street_address", shows: [] },
    city: { input: "town", max: 100, errorName: "city", column: "city", shows: [], width: "third" },
    state: { input: "state", column: "state", shows: [], width: "third" },
    zipCode: { input: "zip", column: "zip_code", shows: [], width: "third" },
  },
} as const satisfies RequestDeclaration

export type EstimateFieldName = keyof typeof ESTIMATE_REQUEST.fields

export const isEstimateField = isFieldOf(ESTIMATE_REQUEST)
