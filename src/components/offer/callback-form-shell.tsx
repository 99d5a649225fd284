import { buttonClass } from "../ui/button-class"
import { CallbackFields, type CallbackLabels } from "./callback-fields"
import { FieldView } from "../forms/field-view"

/** The callback form as the page is first drawn, disabled until the live form (and Formik) has loaded. */
export function CallbackFormShell({ labels, city }: { labels: CallbackLabels; city: string }) {
  const Field = (props: Parameters<typeof FieldView>[0]) => (
    <FieldView {...props} defaultValue={props.name === "city" ? city : undefined} />
  )
  return (
    <form className="relative space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-busy="true">
      <fieldset disabled className="space-y-4">
        <CallbackFields labels={labels} Field={Field} />
        <p className="text-sm text-slate-600">{labels.consent}</p>
        <button type="submit" className={`${buttonClass("primary")} w-full disabled:opacity-60`}>
          {labels.submitLabel}
        </button>
      </fieldset>
    </form>
  )
}
