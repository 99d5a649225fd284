import { Ban, CircleCheck } from "lucide-react"
import { PageHero } from "../page/page-hero"
import { CardGrid, type CardData } from "../ui/card-grid"
import { CtaBanner, type CtaData } from "../ui/cta-banner"
import { Section } from "../ui/section"

export interface AboutContent {
  readonly storyHeading: string
  readonly story: readonly string[]
  readonly factsHeading: string
  readonly quickFacts: ReadonlyArray<{ readonly value: string; readonly label: string }>
  readonly valuesHeading: string
  readonly values: readonly CardData[]
  readonly doHeading: string
  readonly weDo: readonly string[]
  readonly dontHeading: string
  readonly weDont: readonly string[]
  readonly cta: CtaData
}

export function AboutPage({ heading, intro, content, phone }: { heading: string; intro: string; content: AboutContent; phone: { display: string; e164: string } }) {
  return (
    <>
      <PageHero heading={heading} intro={intro} />
      <Section heading={content.storyHeading} id="story">
        <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-slate-700">
          {content.story.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>
      <Section heading={content.factsHeading} tinted id="facts">
        <dl className="grid gap-5 sm:grid-cols-2 lg:grid-cols-5">
          {content.quickFacts.map((fact) => (
            <div key={fact.label} className="flex flex-col-reverse rounded-xl bg-white p-5 text-center shadow-sm">
              <dt className="mt-1 text-sm text-slate-700">{fact.label}</dt>
              <dd className="text-3xl font-extrabold text-brand-800">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section heading={content.valuesHeading} id="values">
        <CardGrid cards={content.values} />
      </Section>
      <section className="bg-slate-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 md:grid-cols-2">
          <div>
            <h2 className="text-2xl font-bold text-brand-900">{content.doHeading}</h2>
            <ul className="mt-5 space-y-2">
              {content.weDo.map((item) => (
                <li key={item} className="flex gap-3 text-slate-700">
                  <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-brand-900">{content.dontHeading}</h2>
            <ul className="mt-5 space-y-2">
              {content.weDont.map((item) => (
                <li key={item} className="flex gap-3 text-slate-700">
                  <Ban className="mt-0.5 h-5 w-5 shrink-0 text-red-700" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <CtaBanner cta={content.cta} phone={phone} estimatePath="/estimate/" />
    </>
  )
}
