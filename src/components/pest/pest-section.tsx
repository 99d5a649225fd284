import { FactGrid } from "../ui/fact-grid"
import { AreaList, Callout, PointList, StepList } from "./sections/content-blocks"
import { OptionCards, type OptionLinks } from "./sections/option-cards"
import { SectionShell } from "./sections/section-shell"
import { SpeciesList } from "./sections/species-section"
import type { ValueLabelsData } from "../../lib/value-labels"
import type { PestSectionData, SpeciesLabels } from "./types"

/** One block of a pest page, by its type. */
export function PestSection({
  section,
  links,
  tinted,
  speciesLabels,
  valueLabels,
}: {
  section: PestSectionData
  links: OptionLinks
  tinted: boolean
  speciesLabels: SpeciesLabels
  valueLabels: ValueLabelsData
}) {
  const content = (() => {
    switch (section.type) {
      case "species":
        return section.species && <SpeciesList species={section.species} labels={speciesLabels} values={valueLabels} />
      case "steps":
        return section.steps && <StepList steps={section.steps} />
      case "list":
        return section.points && <PointList points={section.points} style={section.style} />
      case "facts":
        return (
          section.facts && <FactGrid facts={section.facts} className="lg:grid-cols-3" cardClassName="bg-brand-50" />
        )
      case "callout":
        return section.body && <Callout body={section.body} tone={section.tone} points={section.points} />
      case "areas":
        return section.areas && <AreaList areas={section.areas} />
      case "options":
        return section.options && <OptionCards options={section.options} links={links} />
      default:
        return null
    }
  })()
  return (
    <SectionShell heading={section.heading} intro={section.intro} tinted={tinted}>
      {content}
    </SectionShell>
  )
}
