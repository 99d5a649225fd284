/** The shapes pest-page components take: the GraphQL result's, where absent optional fields are null. */
export type PestData = NonNullable<Queries.PestPageQuery["pestYaml"]>
export type PestSectionData = PestData["sections"][number]
export type SpeciesData = NonNullable<PestSectionData["species"]>[number]
export type OptionData = NonNullable<PestSectionData["options"]>[number]
