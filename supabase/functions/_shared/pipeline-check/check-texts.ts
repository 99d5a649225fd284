/**
 * What the pipeline check writes: the test e-mail to the office inbox, and a failed check's report by
 * e-mail, SMS and chat, each problem named with what to do. Texts are data/lead-messages.yaml
 * pipelineCheck; the details are the providers' and the database's own words (escaped by renderEmail
 * in the e-mail, made GSM-7 and cut to fit in the SMS, and quietened in chat).
 */
import { officeWhen } from "../alerts/office-hours.ts"
import { fitSms, templatePieces } from "../alerts/sms-fit.ts"
import { chatVisitorText } from "../alerts/visitor-text.ts"
import type { BackendConfig } from "../config.ts"
import { fill } from "../kernel/escape.ts"
import { DEFAULT_LANGUAGE } from "../kernel/languages.ts"
import { COMPANY, LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import { renderEmail, type EmailMessage } from "../mail/layout.ts"
import type { PipelineCheckRow } from "../rows.ts"

const COPY = LEAD_MESSAGES.pipelineCheck

export type ProblemCode = keyof typeof COPY.problems

/** A problem's name and what to do about it. */
export interface ProblemText {
  name: string
  todo: string
}

/**
 * One thing the check found wrong: which, and the words that say what exactly. Its name and what to
 * do are the office's texts (data/lead-messages.yaml), or a channel's own (notify/channels/).
 */
export type Problem = { code: ProblemCode; detail: string } | { code: string; detail: string; text: ProblemText }

/** A problem's name and what to do. */
export const problemText = (problem: Problem): ProblemText =>
  "text" in problem ? problem.text : COPY.problems[problem.code]

/** A channel a report went through: its name (the report's `notified`) and what the office calls it. */
export interface NoticeChannel {
  name: string
  label: string
}

const triggerText = (trigger: PipelineCheckRow["trigger"]) => COPY.triggers[trigger]
const names = (problems: readonly Problem[]) => problems.map((p) => problemText(p).name).join(", ")

/** The test e-mail: to the office's inbox (PIPELINE_CHECK_EMAIL), proof that e-mail reaches it. */
export function testEmail(
  reference: string,
  trigger: PipelineCheckRow["trigger"],
  at: Date,
  config: BackendConfig,
): EmailMessage {
  const values = { reference, trigger: triggerText(trigger), time: officeWhen(at) }
  const { subject, html, text } = renderEmail({
    language: DEFAULT_LANGUAGE,
    subject: fill(COPY.testEmail.subject, values),
    heading: COPY.testEmail.heading,
    intro: fill(COPY.testEmail.intro, values),
    rows: [],
  })
  return { to: config.pipelineCheck.emailTo, from: config.mail.from, subject, html, text }
}

export interface FailureView {
  trigger: PipelineCheckRow["trigger"]
  at: Date
  problems: readonly Problem[]
  /** What the check found working, one line each ("SMS: credentials accepted…"). */
  working: readonly string[]
  /** The channels this report goes through. */
  told: readonly NoticeChannel[]
}

const toldText = (told: readonly NoticeChannel[]) => told.map((c) => c.label).join(", ")

const introOf = (view: FailureView) => {
  const intro = fill(COPY.failed.intro, {
    trigger: triggerText(view.trigger),
    time: officeWhen(view.at),
    count: String(view.problems.length),
  })
  // The trigger's words begin the sentence.
  return intro.charAt(0).toUpperCase() + intro.slice(1)
}

export function failureEmail(view: FailureView, to: string, from: string): EmailMessage {
  const { subject, html, text } = renderEmail({
    language: DEFAULT_LANGUAGE,
    subject: fill(COPY.failed.subject, { names: names(view.problems) }),
    heading: COPY.failed.heading,
    intro: introOf(view),
    rows: [[COPY.failed.toldLabel, toldText(view.told)]],
    sections: [
      ...view.problems.map((p, i) => ({
        heading: `${i + 1}. ${problemText(p).name}`,
        level: 2 as const,
        rows: [
          [COPY.failed.whatLabel, p.detail],
          [COPY.failed.todoLabel, problemText(p).todo],
        ] as const,
      })),
      ...(view.working.length
        ? [{ heading: COPY.failed.passedLabel, level: 2 as const, rows: [], note: view.working.join("\n") }]
        : []),
    ],
  })
  return { to, from, subject, html, text }
}

/**
 * The SMS: the problems' names, and where to read what to do. When SMS is the only channel left, each
 * problem's detail comes along, cut to fit `segments`.
 */
export function failureSms(view: FailureView, segments: number): string {
  const others = view.told.filter((c) => c.name !== "sms")
  const values = {
    company: { text: COMPANY.name },
    time: { text: officeWhen(view.at) },
    names: { text: names(view.problems), cut: true },
    channels: { text: toldText(others) },
    problems: {
      text: view.problems.map((p) => `${problemText(p).name} (${p.detail})`).join("; "),
      cut: true,
    },
  }
  return fitSms([templatePieces(others.length ? COPY.failed.sms : COPY.failed.smsAlone, values)], segments)
}

/** The chat post: each problem with its detail and what to do, the details quietened (no mentions, no markup). */
export function failureChat(view: FailureView, mention: string | undefined): string {
  const head = fill(COPY.failed.chat, { time: officeWhen(view.at), trigger: triggerText(view.trigger) })
  return [
    `${mention ? `${mention} ` : ""}${head}`,
    ...view.problems.map(
      (p, i) =>
        `${i + 1}. ${problemText(p).name}: ${chatVisitorText(p.detail)}\n   ${COPY.failed.todoLabel}: ${problemText(p).todo}`,
    ),
  ].join("\n")
}

/** A check that never finished (its process stopped): the office's e-mail, queued by the sweep. */
export function timedOutNotice(
  check: Pick<PipelineCheckRow, "started_at" | "trigger">,
  to: string,
  from: string,
): EmailMessage {
  const values = { time: officeWhen(check.started_at), trigger: triggerText(check.trigger) }
  const { subject, html, text } = renderEmail({
    language: DEFAULT_LANGUAGE,
    subject: fill(COPY.timedOutNotice.subject, values),
    heading: COPY.problems.timedOut.name,
    intro: fill(COPY.timedOutNotice.intro, values),
    rows: [],
  })
  return { to, from, subject, html, text }
}
