import { PageHero } from "./page-hero"

export interface ContentPageProps {
  heading: string
  intro: string
  sections: ReadonlyArray<{ readonly heading: string; readonly paragraphs: readonly string[] }>
}

/** A page of headed text sections under its hero. */
export function ContentPage({ heading, intro, sections }: ContentPageProps) {
  return (
    <>
      <PageHero heading={heading} intro={intro} />
      {sections.length > 0 && (
        <div className="mx-auto max-w-3xl space-y-10 px-4 pb-16">
          {sections.map((section) => (
            <section key={section.heading}>
              <h2 className="mb-3 text-2xl font-bold text-brand-900">{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mb-3 leading-relaxed text-slate-700">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </div>
      )}
    </>
  )
}
