import { graphql } from "gatsby"
import { AcknowledgePage } from "../components/office/acknowledge-page"
import { officeTemplate } from "../components/office/office-template"
import { ReleasePage } from "../components/office/release-page"

export const query = graphql`
  query OfficeLinkPage($slug: String!) {
    ...StaticPage
    ...OfficeLinksTexts
    officePage: pageYaml(path: { eq: $slug }) {
      officeLink
    }
  }
`

const template = officeTemplate<Queries.OfficeLinkPageQuery>(({ officePage }) =>
  officePage.officeLink === "release" ? ReleasePage : AcknowledgePage,
)
export const Head = template.Head
export default template.Page
