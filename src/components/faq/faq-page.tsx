import { Link } from "gatsby"
import { withTrailingSlash } from "../../lib/paths"
import type { StaticPageProps } from "../page/page-template"
import { PageHero } from "../page/page-hero"
import { buttonClass } from "../ui/button-class"
import { IconBadge } from "../ui/icon"
import { PhoneLink } from "../ui/phone-link"
import { Section } from "../ui/section"
import { Accordion, type AccordionItem } from "./accordion"

export interface FaqContent {
  readonly quickActions: ReadonlyArray<{
    readonly icon: string
    readonly title: string
    readonly text: string
    readonly label: string
    readonly action: string
  }>
  readonly questionsHeading: string
  readonly questions: readonly AccordionItem[]
}

export function FaqPage({ heading, intro, content, phone, routes }: StaticPageProps & { content: FaqContent }) {
  return (
    <>
      <PageHero heading={heading} intro={intro} />
      <div className="mx-auto max-w-6xl px-4">
        <ul className="grid gap-5 md:grid-cols-3">
          {content.quickActions.map((action) => (
            <li key={action.action} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <IconBadge name={action.icon} />
              <h2 className="mt-4 text-lg font-semibold text-slate-900">{action.title}</h2>
              <p className="mt-2 text-sm text-slate-700">{action.text}</p>
              <div className="mt-auto pt-4">
                {action.action === "call" ? (
                  <PhoneLink phone={phone} label={action.label} className={buttonClass("secondary")} placement="faq" />
                ) : (
                  <Link
                    to={withTrailingSlash(routes[action.action === "estimate" ? "estimate" : "contact"].path)}
                    className={buttonClass(action.action === "estimate" ? "primary" : "outline")}
                  >
                    {action.label}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
      <Section heading={content.questionsHeading} id="questions">
        <Accordion items={content.questions} defaultOpen={0} />
      </Section>
    </>
  )
}
