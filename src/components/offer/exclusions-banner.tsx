import { Icon } from "../ui/icon"

/** What the special rate does not cover, said plainly before anything else is promised. */
export function ExclusionsBanner({ text }: { text: string }) {
  return (
    <div className="border-y border-amber-200 bg-amber-50">
      <p className="mx-auto flex max-w-6xl items-center justify-center gap-2 px-4 py-3 text-center text-sm font-medium text-amber-900">
        <Icon name="triangle-alert" className="h-5 w-5 shrink-0" />
        {text}
      </p>
    </div>
  )
}
