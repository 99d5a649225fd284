import { graphql } from "gatsby"
import { ContactPage } from "../components/contact/contact-page"
import { ContactFormShell } from "../components/forms/contact-form-shell"
import { Deferred } from "../components/forms/deferred"
import { pageTemplate } from "../components/page/page-template"
import { hoursLines } from "../lib/hours"

// The form (with Formik) loads after the page; the shell is what the build prerenders.
const loadContactForm = () => import("../components/forms/contact-form").then((m) => m.ContactForm)

const { Page, Head } = pageTemplate<Queries.ContactPageQuery>(
  ({ pageYaml: page, contactPageYaml: content }, { company }) => (
    <ContactPage
      heading={page.heading}
      intro={page.intro}
      content={content}
      phone={company.phone}
      email={company.email}
      hours={hoursLines(company.hours)}
      form={
        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" className="mb-3 text-xl font-bold text-brand-900">
            {content.formHeading}
          </h2>
          <p className="mb-4 text-slate-700">{content.formIntro}</p>
          <Deferred
            load={loadContactForm}
            props={{ labels: content.form, phone: company.phone }}
            placeholder={<ContactFormShell labels={content.form} />}
          />
        </section>
      }
    />
  ),
)
export default Page
export { Head }

export const query = graphql`
  query ContactPage($slug: String!) {
    pageYaml(path: { eq: $slug }) {
      ...PageFields
    }
    contactPageYaml {
      formHeading
      formIntro
      form {
        nameLabel
        emailLabel
        phoneLabel
        messageLabel
        messagePlaceholder
        submitLabel
        sendingLabel
        successTitle
        errorTitle
        errorText
        pendingTitle
        pendingText
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
