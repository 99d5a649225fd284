import { graphql } from "gatsby"
import { ContactPageWithForm, type ContactPageWithFormProps } from "../components/contact/contact-page-with-form"
import { pageTemplate } from "../components/page/page-template"
import { scheduleOf } from "../lib/holidays"

export const query = graphql`
  query ContactPage($key: String!, $lang: String!) {
    ...StaticPage
    contactPageYaml(lang: { eq: $lang }) {
      formHeading
      formIntro
      form {
        fields {
          ...RequestField
        }
        submitLabel
        sendingLabel
        ...FormOutcome
      }
      whyHeading
      whyPoints
      phoneLabel
      emailLabel
      areaLabel
      areaSummary
      hoursLabel
      sameDay {
        heading
        text
        callLabel
      }
      serviceAreaHeading
      serviceAreaPlaces
      serviceAreaNote
    }
  }
`

const template = pageTemplate<Queries.ContactPageQuery, ContactPageWithFormProps>(
  ContactPageWithForm,
  (data, { company, navigation }) => ({
    content: data.contactPageYaml,
    email: company.email,
    hours: company.hoursLines,
    holidays: { schedule: scheduleOf(company), texts: company.closedTexts },
    dismissLabel: navigation.labels.dismiss,
  }),
)
export const Head = template.Head
export default template.Page
