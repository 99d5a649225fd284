import type { ReactNode } from "react"

/** A pest-page section: its h2, an optional introduction, and the content. */
export function SectionShell({
  heading,
  intro,
  children,
  tinted = false,
}: {
  heading: string
  intro?: string | null
  children: ReactNode
  tinted?: boolean
}) {
  return (
    <section className={tinted ? "bg-slate-50" : ""}>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 className="text-2xl font-bold text-brand-900 sm:text-3xl">{heading}</h2>
        {intro && <p className="mt-3 max-w-3xl text-slate-700">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  )
}
