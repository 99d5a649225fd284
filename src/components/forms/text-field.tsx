import { useField } from "formik"
import { FieldView, type FieldProps } from "./field-view"

/** A FieldView bound to a Formik field; its error shows once the field is touched. */
export function TextField({ name, ...rest }: FieldProps) {
  const [field, meta] = useField<string>(name)
  return <FieldView {...rest} {...field} name={name} error={meta.touched ? meta.error : undefined} />
}
