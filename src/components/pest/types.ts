import type { ServicesPageTexts } from "../../../gatsby/data-schemas/services-page"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"

/** The shapes pest-page components take: the GraphQL result's, where absent optional fields are null. */
export type PestData = NonNullable<Queries.PestPageQuery["pestYaml"]>
export type PestSectionData = PestData["sections"][number]
export type SpeciesData = NonNullable<PestSectionData["species"]>[number]
export type OptionData = NonNullable<PestSectionData["options"]>[number]
/** The words of a species card (data/services-page.yaml, which holds what every pest page shares). */
export type SpeciesLabels = ReadonlyData<ServicesPageTexts["speciesLabels"]>
