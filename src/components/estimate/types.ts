/** What the wizard shows: its texts (data/estimate-wizard.yaml), its choices (estimate-options.yaml) and the plans' cards (plans.yaml). */
export type WizardTexts = NonNullable<Queries.EstimatePageQuery["estimateWizardYaml"]>
export type WizardOptions = NonNullable<Queries.EstimatePageQuery["estimateOptionsYaml"]>
export interface WizardPlan {
  readonly id: string
  readonly name: string
  readonly badge: string
  readonly tagline: string
  readonly features: readonly string[]
}
