import { Link } from "gatsby"
import { telHref } from "../../lib/phone"
import { PageHero } from "../page/page-hero"
import { buttonClass } from "../ui/button-class"
import { Icon } from "../ui/icon"
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

const ACTION_PATHS: Record<string, string> = { estimate: "/estimate/", contact: "/contact/" }

export function FaqPage({
  heading,
  intro,
  content,
  phone,
}: {
  heading: string
  intro: string
  content: FaqContent
  phone: { display: string; e164: string }
}) {
  return (
    <>
      <PageHero heading={heading} intro={intro} />
      <div className="mx-auto max-w-6xl px-4">
        <ul className="grid gap-5 md:grid-cols-3">
          {content.quickActions.map((action) => (
            <li key={action.action} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon name={action.icon} />
              </span>
              <h2 className="mt-4 text-lg font-semibold text-slate-900">{action.title}</h2>
              <p className="mt-2 text-sm text-slate-700">{action.text}</p>
              <div className="mt-auto pt-4">
                {action.action === "call" ? (
                  <a href={telHref(phone.e164)} className={buttonClass("secondary")} data-placement="faq">
                    {action.label} {phone.display}
                  </a>
                ) : (
                  <Link
                    to={ACTION_PATHS[action.action] ?? "/contact/"}
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
