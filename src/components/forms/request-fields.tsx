import type { RequestDeclaration, RequestField } from "../../../supabase/functions/_shared/kernel/requests/request-fields.ts"
import { emailField, nameField, phoneField } from "./field-presets"
import { FieldRow } from "./field-row"
import type { FieldComponent, FieldProps } from "./field-view"

/** A field's words from its form's data file (gatsby/data-schemas/request-field-texts.ts). */
export interface RequestFieldTexts {
  readonly name: string
  readonly label: string
  readonly placeholder?: string | null
}

function fieldProps(name: string, field: RequestField, texts: RequestFieldTexts | undefined): FieldProps {
  // The build checks every declared field has its words; a missing one would still be a labelled field.
  const label = texts?.label ?? name
  if (field.input === "name") return nameField(name, label)
  if (field.input === "email") return emailField(label)
  if (field.input === "phone") return phoneField(label)
  return {
    name,
    label,
    required: field.required === true,
    multiline: field.multiline,
    placeholder: texts?.placeholder ?? undefined,
  }
}

/** A request's fields in their declared order, two half fields to a row, drawn with the live field or the prerendered one. */
export function RequestFields({
  request,
  texts,
  Field,
}: {
  request: RequestDeclaration
  texts: readonly RequestFieldTexts[]
  Field: FieldComponent
}) {
  const rows: Array<{ half: boolean; fields: FieldProps[] }> = []
  for (const [name, field] of Object.entries(request.fields)) {
    const props = fieldProps(
      name,
      field,
      texts.find((entry) => entry.name === name),
    )
    const last = rows[rows.length - 1]
    if (field.half && last?.half && last.fields.length < 2) last.fields.push(props)
    else rows.push({ half: field.half === true, fields: [props] })
  }
  return (
    <>
      {rows.map(({ fields }) =>
        fields.length > 1 ? (
          <FieldRow key={fields[0]?.name} Field={Field} fields={fields} />
        ) : (
          fields.map((props) => <Field key={props.name} {...props} />)
        ),
      )}
    </>
  )
}
