import { graphql } from "gatsby"
import { AcknowledgePage } from "../components/office/acknowledge-page"
import { officeTemplate } from "../components/office/office-template"
import { ReleasePage } from "../components/office/release-page"
import { BoardPage } from "../components/office/board-page"
import { ConfirmPage } from "../components/office/confirm-page"
import { ReportPage } from "../components/office/report-page"

export const query = graphql`
  query OfficeLinkPage($key: String!, $lang: String!) {
    ...StaticPage
    ...OfficeLinksTexts
    officePage: pageYaml(pageKey: { eq: $key }, lang: { eq: $lang }) {
      officeLink
    }
  }
`

const PAGES = {
  acknowledge: AcknowledgePage,
  release: ReleasePage,
  board: BoardPage,
  confirm: ConfirmPage,
  report: ReportPage,
} as const

const template = officeTemplate<Queries.OfficeLinkPageQuery>(({ officePage }) =>
  officePage.officeLink === "release" ||
  officePage.officeLink === "board" ||
  officePage.officeLink === "confirm" ||
  officePage.officeLink === "report"
    ? PAGES[officePage.officeLink]
    : PAGES.acknowledge,
)
export const Head = template.Head
export default template.Page
