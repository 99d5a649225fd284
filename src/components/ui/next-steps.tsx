import { TextList } from "./text-list"

/** "What happens next": a numbered list under its heading, on the thank-you screens. */
export function NextSteps({ heading, steps }: { heading: string; steps: readonly string[] }) {
  return (
    <div className="mx-auto mt-6 max-w-lg rounded-xl bg-brand-50 p-5 text-left">
      <h3 className="font-semibold text-brand-900">{heading}</h3>
      <TextList items={steps} ordered className="mt-3 list-decimal space-y-2 pl-5 text-slate-700" />
    </div>
  )
}
