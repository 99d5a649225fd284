/** What the wizard shows: its texts (data/estimate-wizard.yaml), its choices (estimate-options.yaml and the pest files) and the plans' cards (plans.yaml). */
export type WizardTexts = NonNullable<Queries.EstimatePageQuery["estimateWizardYaml"]>
/** estimate-options.yaml's choices, and the pests' (from data/pests: see lib/pest-lists.ts). */
export type WizardOptions = NonNullable<Queries.EstimatePageQuery["estimateOptionsYaml"]> & {
  /** The values the wizard sends: the English choice labels the functions know. */
  readonly pests: readonly string[]
  readonly specialTreatmentPests: readonly string[]
  /** Each value as the page's language shows it. */
  readonly pestLabels: Readonly<Record<string, string>>
}
export interface WizardPlan {
  readonly id: string
  readonly name: string
  readonly badge: string
  readonly tagline: string
  readonly features: readonly string[]
}
