import { withTrailingSlash } from "../../lib/paths"
import type { StaticPageProps } from "../page/page-template"
import { PageHero } from "../page/page-hero"
import { CardGrid, type CardData } from "../ui/card-grid"
import { CheckList } from "../ui/check-list"
import { CtaBanner } from "../ui/cta-banner"
import { FactGrid } from "../ui/fact-grid"
import { Section } from "../ui/section"
import type { AboutTexts } from "../../../gatsby/data-schemas/about"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"

// A card's icon is a GraphQL String, not the schema's list of icon names (see CardData).
export type AboutContent = ReadonlyData<Omit<AboutTexts, "values">> & { readonly values: readonly CardData[] }

export function AboutPage({ heading, intro, content, phone, routes }: StaticPageProps & { content: AboutContent }) {
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
        <FactGrid facts={content.quickFacts} className="lg:grid-cols-5" cardClassName="bg-white shadow-sm" />
      </Section>
      <Section heading={content.valuesHeading} id="values">
        <CardGrid cards={content.values} />
      </Section>
      <section className="bg-slate-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 md:grid-cols-2">
          <div>
            <h2 className="text-2xl font-bold text-brand-900">{content.doHeading}</h2>
            <div className="mt-5">
              <CheckList items={content.weDo} />
            </div>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-brand-900">{content.dontHeading}</h2>
            <div className="mt-5">
              <CheckList items={content.weDont} mark="no" />
            </div>
          </div>
        </div>
      </section>
      <CtaBanner cta={content.cta} phone={phone} estimatePath={withTrailingSlash(routes.estimate.path)} />
    </>
  )
}
