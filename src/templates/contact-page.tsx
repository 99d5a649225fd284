import { graphql, type HeadProps, type PageProps } from "gatsby"
import { ContactPage } from "../components/contact/contact-page"
import { ContactFormShell } from "../components/forms/contact-form-shell"
import { Deferred } from "../components/forms/deferred"
import { Layout } from "../components/layout/layout"
import { PageSeo } from "../components/seo/page-seo"
import { useSiteData } from "../hooks/use-site-data"
import { hoursLines } from "../lib/hours"

type Data = Queries.ContactPageQuery

// The form (with Formik) loads after the page; the shell is what the build prerenders.
const loadContactForm = () => import("../components/forms/contact-form").then((m) => m.ContactForm)

export default function ContactPageTemplate({ data, location }: PageProps<Data>) {
  const { company } = useSiteData()
  const { pageYaml: page, contactPageYaml } = data
  if (!page || !contactPageYaml) return null
  return (
    <Layout pathname={location.pathname}>
      <ContactPage
        heading={page.heading}
        intro={page.intro}
        content={contactPageYaml}
        phone={company.phone}
        email={company.email}
        hours={hoursLines(company.hours)}
        form={
          <section aria-labelledby="contact-form-heading">
            <h2 id="contact-form-heading" className="mb-3 text-xl font-bold text-brand-900">
              {contactPageYaml.formHeading}
            </h2>
            <p className="mb-4 text-slate-700">{contactPageYaml.formIntro}</p>
            <Deferred
              load={loadContactForm}
              props={{ labels: contactPageYaml.form, phone: company.phone }}
              placeholder={<ContactFormShell labels={contactPageYaml.form} />}
            />
          </section>
        }
      />
    </Layout>
  )
}

export const Head = ({ data }: HeadProps<Data>) => <PageSeo page={data.pageYaml} />

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
