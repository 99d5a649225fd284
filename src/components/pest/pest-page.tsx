import { Link } from "gatsby"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { buttonClass } from "../ui/button-class"
import { PhoneLink } from "../ui/phone-link"
import { ResponsiveImage } from "../ui/responsive-image"
import { Breadcrumb, type Crumb } from "./breadcrumb"
import { PestSection } from "./pest-section"
import type { OptionLinks } from "./sections/option-cards"
import { labelOf, type ValueLabelsData } from "../../lib/value-labels"
import type { PestData, SpeciesLabels } from "./types"
import { UrgencyBadge } from "./urgency-badge"

const CALL_LINK_CLASS =
  "inline-flex items-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"

export interface PestPageProps {
  pest: Pick<PestData, "name" | "heading" | "intro" | "urgency" | "sections">
  /** The pest's picture, or the default one when its file names none. */
  image?: { readonly data?: IGatsbyImageData | null; readonly alt: string } | null
  breadcrumb: readonly Crumb[]
  phone: { display: string; e164: string }
  callLabel: string
  links: OptionLinks
  /** The breadcrumb's name for screen readers, the species cards' words, and what the urgency and levels say. */
  labels: { readonly breadcrumb: string; readonly species: SpeciesLabels; readonly values: ValueLabelsData }
}

/** A pest service page: breadcrumb, hero with the estimate and phone buttons, then every section of the pest's data. */
export function PestPage({ pest, image, breadcrumb, phone, callLabel, links, labels }: PestPageProps) {
  return (
    <>
      <Breadcrumb items={breadcrumb} label={labels.breadcrumb} />
      <section className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 md:grid-cols-2">
        <div>
          <UrgencyBadge urgency={pest.urgency} label={labelOf(labels.values.urgency, pest.urgency)} />
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{pest.heading}</h1>
          <p className="mt-4 text-lg text-slate-700">{pest.intro}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={links.estimate.path} className={buttonClass("primary")}>
              {links.estimate.label}
            </Link>
            <PhoneLink phone={phone} label={callLabel} icon="md" className={CALL_LINK_CLASS} placement="pest-hero" />
          </div>
        </div>
        {image?.data && <ResponsiveImage image={image.data} alt={image.alt} className="rounded-2xl shadow-lg" eager />}
      </section>
      {pest.sections.map((section, i) => (
        <PestSection
          key={section.heading}
          section={section}
          links={links}
          tinted={i % 2 === 0}
          speciesLabels={labels.species}
          valueLabels={labels.values}
        />
      ))}
    </>
  )
}
