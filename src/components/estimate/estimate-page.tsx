import { Deferred } from "../forms/deferred"
import { ToastProvider } from "../ui/toaster"
import { PageHero } from "../page/page-hero"
import type { EstimateWizardProps } from "./estimate-wizard"
import { EstimateWizardShell } from "./estimate-wizard-shell"

// The wizard (with Formik) loads after the page; the shell is what the build prerenders.
const loadWizard = () => import("./estimate-wizard").then((m) => m.EstimateWizard)

export type EstimatePageProps = Pick<
  EstimateWizardProps,
  "texts" | "windowTexts" | "options" | "plans" | "phone" | "sameDayRule" | "schedule"
> & { heading: string; intro: string; dismissLabel: string }

/** /estimate: the heading, then the seven-step wizard. */
export function EstimatePage({ heading, intro, dismissLabel, ...wizard }: EstimatePageProps) {
  return (
    <ToastProvider dismissLabel={dismissLabel}>
      <PageHero heading={heading} intro={intro} />
      <div className="mx-auto max-w-3xl px-4 pb-16">
        <Deferred
          load={loadWizard}
          props={wizard}
          placeholder={<EstimateWizardShell texts={wizard.texts} options={wizard.options} phone={wizard.phone} />}
        />
      </div>
    </ToastProvider>
  )
}
