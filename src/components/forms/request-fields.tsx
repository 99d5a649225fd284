import type { DrawnField } from "../../../gatsby/data-schemas/request-field-texts"
import type { FieldComponent } from "./field-view"

/** A declared field as its page's data gives it: its words, and its input and rule's outline (gatsby/schema.ts). */
export interface RequestFieldData extends Readonly<Omit<DrawnField, "input">> {
  readonly name: string
  /** As GraphQL types it: a string, one of DrawnField's inputs. */
  readonly input: string
  readonly label: string
  readonly placeholder?: string | null
}

/**
 * A request's fields in their declared order (kernel/request-fields.ts), drawn with the live field or the prerendered one:
 * a half field takes half the width from the small breakpoint up, so two in a row share it. Each input's type and
 * autofill come with its data, worked out at build time.
 */
export function RequestFields({ fields, Field }: { fields: readonly RequestFieldData[]; Field: FieldComponent }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map(({ name, label, placeholder, type, autoComplete, required, multiline, half }) => (
        <div key={name} className={half ? undefined : "sm:col-span-2"}>
          <Field
            name={name}
            label={label}
            type={type ?? undefined}
            autoComplete={autoComplete ?? undefined}
            required={required}
            multiline={multiline}
            placeholder={placeholder ?? undefined}
          />
        </div>
      ))}
    </div>
  )
}
