import { Field } from "formik"

/**
 * A field people never see or reach; bots that fill every input fill it too. Its bait is an English field name
 * on every page (bots look for one), marked so: no visitor reads it, and the Spanish pages' check leaves it out.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" lang="en" className="absolute left-[-10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor="field-website">Website</label>
      <Field id="field-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  )
}
