import { graphql } from "gatsby"
import { officeTemplate } from "../components/office/office-template"
import { ReleasePage } from "../components/office/release-page"

export const query = graphql`
  query OfficeReleasePage($slug: String!) {
    ...StaticPage
    ...OfficeLinksTexts
  }
`

const template = officeTemplate<Queries.OfficeReleasePageQuery>(ReleasePage)
export const Head = template.Head
export default template.Page
