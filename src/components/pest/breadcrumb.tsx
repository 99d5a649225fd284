import { Link } from "gatsby"
import { ChevronRight } from "../ui/ui-icons"
import { withTrailingSlash } from "../../lib/paths"

export interface Crumb {
  label: string
  path: string
}

/** Home > Services > topic; the last item is the current page. */
export function Breadcrumb({ items, label }: { items: readonly Crumb[]; label: string }) {
  return (
    <nav aria-label={label} className="mx-auto max-w-6xl px-4 pt-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        {items.map((item, i) => {
          const last = i === items.length - 1
          return (
            <li key={item.path} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="font-medium text-slate-800">
                  {item.label}
                </span>
              ) : (
                <>
                  <Link
                    to={withTrailingSlash(item.path)}
                    className="inline-flex min-h-6 items-center hover:text-brand-700 hover:underline"
                  >
                    {item.label}
                  </Link>
                  <ChevronRight className="h-4 w-4" aria-hidden="true" />
                </>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
