import { useField } from "formik"
import { EmailSuggestion } from "./email-suggestion"
import { FieldView, type FieldProps } from "./field-view"

/** A FieldView bound to a Formik field; its error shows once the field is touched, an e-mail field's typo hint too. */
export function TextField({ name, ...rest }: FieldProps) {
  const [field, meta, helpers] = useField<string>(name)
  const hint =
    rest.type === "email" ? (
      <EmailSuggestion value={field.value} shown={meta.touched} onPick={(address) => void helpers.setValue(address)} />
    ) : undefined
  return <FieldView {...rest} {...field} name={name} error={meta.touched ? meta.error : undefined} hint={hint} />
}
