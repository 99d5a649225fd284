/**
 * The visitor's reminder the day before the visit, sent between 8 am and 9 pm on the company's clock: an
 * `appointment_reminder` job due the day before at 5 pm (none when the visit was confirmed after that:
 * the confirmation itself has just reminded them). Run late (a worker down), it waits for 8 am rather
 * than text anyone at night, and is dropped once the visit has begun. It queues the e-mail (and the text,
 * with the SMS opt-in), each once.
 */
import { jobOwner } from "../alerts/subject.ts"
import { DeferredError } from "../delivery/errors.ts"
import { localTimeOn, zonedClock, zonedDate } from "../kernel/business-hours.ts"
import { sendableAddress } from "../email-recipient.ts"
import { fill } from "../kernel/escape.ts"
import { textableNumber } from "../phone-number.ts"
import { COMPANY, CUSTOMER_TEXTS } from "../kernel/site-data.generated.ts"
import { fitSms, templatePieces } from "../alerts/sms-fit.ts"
import { nowOf, type DeliveryDeps, type OutboxJob } from "../outbox/job.ts"
import { enqueueJobs, type NewJob } from "../outbox/queue.ts"
import { withinCustomerBudget } from "../spam/customer-budget.ts"
import { visitEmail, type Appointment } from "./confirmation.ts"
import { appointmentOf, confirmedLead, leadFacts } from "./appointment-rows.ts"
import { appointmentLabel } from "./window-label.ts"

const ZONE = COMPANY.timeZone
/** Reminders go out between these local times only (minutes since midnight), planned for REMIND_AT the day before. */
export const REMIND_FROM = 8 * 60
export const REMIND_UNTIL = 21 * 60
const REMIND_AT = 17 * 60

/** The day before `at`'s calendar date, on the company's clock (noon-based: daylight saving cannot skip a day). */
const dayBefore = (at: Date) =>
  zonedDate(new Date(localTimeOn(zonedDate(at, ZONE), 12 * 60, ZONE).getTime() - 86_400_000), ZONE)

/** When the reminder is due: the day before at 5 pm; null when the visit was confirmed later than that. */
export function reminderDue(appointment: Pick<Appointment, "startsAt" | "confirmedAt">): Date | null {
  const due = localTimeOn(dayBefore(appointment.startsAt), REMIND_AT, ZONE)
  return due.getTime() > appointment.confirmedAt.getTime() ? due : null
}

export const reminderJob = (leadId: string, appointment: Appointment): NewJob[] => {
  const due = reminderDue(appointment)
  return due
    ? [
        {
          kind: "appointment_reminder",
          dedupeKey: `appointment:${leadId}:reminder`,
          ...jobOwner({ record: "lead", id: leadId }),
          payload: { leadId },
          dueAt: due,
        },
      ]
    : []
}

/** 8 am on `at`'s day when it is earlier, else the next day's. */
function nextMorning(at: Date): Date {
  const { minutes } = zonedClock(at, ZONE)
  const today = zonedDate(at, ZONE)
  if (minutes < REMIND_FROM) return localTimeOn(today, REMIND_FROM, ZONE)
  const tomorrow = zonedDate(new Date(localTimeOn(today, 12 * 60, ZONE).getTime() + 86_400_000), ZONE)
  return localTimeOn(tomorrow, REMIND_FROM, ZONE)
}

export async function runReminder(job: OutboxJob, deps: DeliveryDeps): Promise<string> {
  const { db, config } = deps
  const leadId = typeof job.payload.leadId === "string" ? job.payload.leadId : ""
  const at = nowOf(deps)
  const [lead, appointment] = await Promise.all([leadFacts(db, leadId), appointmentOf(db, leadId)])
  if (!lead || !appointment) return "No appointment any more: no reminder"
  if (at.getTime() >= appointment.startsAt.getTime()) return "The visit has begun: no reminder"
  const { minutes } = zonedClock(at, ZONE)
  if (minutes < REMIND_FROM || minutes >= REMIND_UNTIL) {
    const morning = nextMorning(at)
    if (morning.getTime() >= appointment.startsAt.getTime())
      return "Too late to remind before the visit, at a decent hour"
    throw new DeferredError("Reminders go out between 8 am and 9 pm: waiting for the morning", morning)
  }
  const visitor = confirmedLead(lead)
  // In the visitor's language, as their confirmation was.
  const window = appointmentLabel(appointment, visitor.language)
  const copy = CUSTOMER_TEXTS[visitor.language].messages.appointments
  const owner = jobOwner({ record: "lead", id: leadId })
  const key = `appointment:${leadId}:reminder`
  // Only a number the business texts, and an address the e-mail API takes (its domain in ASCII).
  const number = textableNumber(visitor.phone)
  const address = sendableAddress(visitor.email)
  const jobs: NewJob[] = []
  if (address) {
    const subject = fill(copy.reminderSubject, { window })
    const content = visitEmail(visitor, window, { subject, heading: subject, intro: copy.reminderIntro })
    jobs.push({
      kind: "customer_email",
      dedupeKey: `${key}:email`,
      ...owner,
      payload: { to: address, from: config.mail.from, ...content },
    })
  }
  if (visitor.smsConsent && number.ok) {
    const body = fitSms(
      [
        templatePieces(copy.reminderSms, {
          company: { text: COMPANY.name },
          window: { text: window },
          reference: { text: visitor.reference },
          phone: { text: COMPANY.phone.display },
        }),
      ],
      2,
    )
    jobs.push({ kind: "customer_sms", dedupeKey: `${key}:sms`, ...owner, payload: { to: number.to, body } })
  }
  // Per recipient and overall (the office booked it: no client address counts).
  const budget = await withinCustomerBudget(db, jobs, { client: null, config, at })
  await enqueueJobs(db, budget.jobs, at)
  const held = budget.flags.map((f) => f.detail).join("; ")
  return `Reminder of ${window} queued (${budget.jobs.map((j) => j.kind).join(", ") || "nothing: no address, no opt-in"})${held ? `; held back: ${held}` : ""}`
}
