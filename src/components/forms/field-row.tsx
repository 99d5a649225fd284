import type { FieldComponent, FieldProps } from "./field-view"

/** Fields side by side from the small breakpoint up. */
export function FieldRow({
  Field,
  fields,
  columns = 2,
}: {
  Field: FieldComponent
  fields: readonly FieldProps[]
  columns?: 2 | 3
}) {
  return (
    <div className={`grid gap-4 ${columns === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}>
      {fields.map((field) => (
        <Field key={field.name} {...field} />
      ))}
    </div>
  )
}
