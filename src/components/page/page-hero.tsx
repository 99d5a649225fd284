import type { ReactNode } from "react"

interface PageHeroProps {
  heading: string
  intro: string
  /** Small label above the heading (an urgency badge, for example). */
  eyebrow?: ReactNode
  children?: ReactNode
}

/** The top of a content page: its one h1 and the introduction. */
export function PageHero({ heading, intro, eyebrow, children }: PageHeroProps) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:py-20">
        {eyebrow}
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{heading}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">{intro}</p>
        {children}
      </div>
    </section>
  )
}
