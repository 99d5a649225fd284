import type { DrawnField } from "../../../gatsby/data-schemas/request-field-texts"
import type { FieldComponent } from "./field-view"

/** A declared field as its page's data gives it: its words, and its input and rule's outline (gatsby/schema.ts). */
export interface RequestFieldData extends Readonly<Omit<DrawnField, "input" | "width">> {
  readonly name: string
  /** As GraphQL types them: strings, one of DrawnField's inputs and widths. */
  readonly input: string
  readonly width: string
  readonly label: string
  readonly placeholder?: string | null
}

/** A field's share of the six-column row from the small breakpoint up (whole class names, so Tailwind keeps them). */
const WIDTHS: Readonly<Record<string, string>> = { half: "sm:col-span-3", third: "sm:col-span-2" }

/**
 * A request's fields in their declared order (kernel/request-fields.ts), drawn with the live field or the prerendered one:
 * from the small breakpoint up a half field takes half the width and a third a third, so two or three share a row.
 * Each input's type, autofill, keyboard and bound come with its data, worked out at build time.
 */
export function RequestFields({ fields, Field }: { fields: readonly RequestFieldData[]; Field: FieldComponent }) {
  return (
    <div className="grid gap-4 sm:grid-cols-6">
      {fields.map(
        ({ name, label, placeholder, type, autoComplete, numeric, maxLength, required, multiline, width }) => (
          <div key={name} className={WIDTHS[width] ?? "sm:col-span-6"}>
            <Field
              name={name}
              label={label}
              type={type ?? undefined}
              autoComplete={autoComplete ?? undefined}
              inputMode={numeric ? "numeric" : undefined}
              maxLength={maxLength ?? undefined}
              required={required}
              multiline={multiline}
              placeholder={placeholder ?? undefined}
            />
          </div>
        ),
      )}
    </div>
  )
}
