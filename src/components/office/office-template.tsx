import type { ComponentType } from "react"
import { standaloneTemplate, type Found } from "../page/template"
import { pageSeoProps, type PageSeoFields } from "../seo/page-seo"
import type { OfficeLinkTexts, OfficePageProps } from "./types"

type OfficePageData = {
  readonly pageYaml: (PageSeoFields & { readonly heading: string; readonly intro: string }) | null
  readonly officeLinksYaml: OfficeLinkTexts | null
}

/**
 * A template of an office link page: its own plain frame (no site menu), the texts of
 * data/office-links.yaml, and a head that sends no Referer from the page (its address is private).
 */
export const officeTemplate = <D extends OfficePageData>(
  componentFor: (data: Found<D>) => ComponentType<OfficePageProps>,
) => {
  return standaloneTemplate<D>({
    content: (data, { company }) => {
      const { pageYaml, officeLinksYaml } = data
      const Component = componentFor(data)
      return (
        <Component
          heading={pageYaml.heading}
          intro={pageYaml.intro}
          texts={officeLinksYaml}
          companyName={company.name}
          phone={company.phone}
          timeZone={company.timeZone}
        />
      )
    },
    // A static host's headers are one policy for every page (gatsby/security-headers.ts), so the page says it itself.
    seo: ({ pageYaml }) => ({ ...pageSeoProps(pageYaml), children: <meta name="referrer" content="no-referrer" /> }),
  })
}
