import type { ReactNode } from "react"

const SURFACES = {
  white: "border border-slate-200 bg-white",
  tinted: "border border-brand-100 bg-brand-50",
  accent: "bg-accent-600 text-white",
} as const

/** A boxed section of a page, labelled by its h2 (`id`) so assistive technology lists it as a region. */
export function Panel({
  id,
  heading,
  headingClassName,
  surface,
  children,
}: {
  id: string
  heading: ReactNode
  headingClassName: string
  surface: keyof typeof SURFACES
  children: ReactNode
}) {
  return (
    <section className={`rounded-xl p-6 ${SURFACES[surface]}`} aria-labelledby={id}>
      <h2 id={id} className={headingClassName}>
        {heading}
      </h2>
      {children}
    </section>
  )
}
