import type { FieldProps } from "./field-view"

/** The fields several lead forms share, typed and labelled alike (the label comes from each form's texts). */
export const nameField = (name: string, label: string): FieldProps => ({
  name,
  label,
  required: true,
  autoComplete: "name",
})
export const phoneField = (label: string): FieldProps => ({
  name: "phone",
  label,
  type: "tel",
  required: true,
  autoComplete: "tel",
})
export const emailField = (label: string): FieldProps => ({
  name: "email",
  label,
  type: "email",
  required: true,
  autoComplete: "email",
})
export const streetAddressField = (name: string, label: string, required = true): FieldProps => ({
  name,
  label,
  required,
  autoComplete: "address-line1",
})
