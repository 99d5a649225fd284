import type { ReactNode } from "react"

/** A page section with its h2 and an optional introduction. */
export function Section({
  heading,
  intro,
  children,
  tinted = false,
  id,
}: {
  heading: string
  intro?: string
  children: ReactNode
  tinted?: boolean
  id?: string
}) {
  return (
    <section className={tinted ? "bg-slate-50" : ""} aria-labelledby={id}>
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id={id} className="text-2xl font-bold text-brand-900 sm:text-3xl">
          {heading}
        </h2>
        {intro && <p className="mt-3 max-w-3xl text-slate-700">{intro}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  )
}
