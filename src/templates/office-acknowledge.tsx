import { graphql } from "gatsby"
import { AcknowledgePage } from "../components/office/acknowledge-page"
import { officeTemplate } from "../components/office/office-template"

export const query = graphql`
  query OfficeAcknowledgePage($slug: String!) {
    ...StaticPage
    ...OfficeLinksTexts
  }
`

const template = officeTemplate<Queries.OfficeAcknowledgePageQuery>(AcknowledgePage)
export const Head = template.Head
export default template.Page
