/**
 * The pipeline check, end to end, within PIPELINE_CHECK_TIMEOUT_MS:
 * 1. the outbox's health as found (dead and overdue jobs, requests in business hours never alerted);
 * 2. a synthetic $49 booking through process-simple-lead over HTTP, marked by a signed header, so the
 *    function validates it, stores it apart from real leads and queues one job: a test e-mail to the
 *    office inbox, delivered by the outbox like any e-mail (the e-mail provider's check);
 * 3. beside it, Twilio, the chat webhook and the CRM, each the cheapest real way (probes.ts).
 * A check that passes pings the outside dead-man's switch. One that fails tells the office through the
 * channels that still work (e-mail and chat; SMS when e-mail does not), naming what failed and what to
 * do, and pings nothing, so the switch raises its own alarm. One check runs at a time; a second one
 * started meanwhile does nothing and says which one runs.
 */
import { request } from "../delivery/refusal.ts"
import { fill } from "../kernel/escape.ts"
import { COMPANY, LEAD_MESSAGES } from "../kernel/site-data.generated.ts"
import type { ProbeResult } from "../notify/probe.ts"
import { CHANNELS, type ChannelName, type RegisteredChannel } from "../notify/registry.ts"
import { nowOf, type DeliveryDeps } from "../outbox/job.ts"
import { enqueueJobs } from "../outbox/queue.ts"
import { durationText } from "../report/report-email.ts"
import { logError } from "../safe-log.ts"
import { CHECK_HEADER, CHECK_HEADER_TTL_MS, checkHeader } from "./check-header.ts"
import {
  checkEmailJob,
  expireAbandoned,
  finishCheck,
  purgeChecks,
  startCheck,
  storedApart,
  type CheckTrigger,
} from "./check-store.ts"
import { problemText, timedOutNotice, type FailureView, type Problem } from "./check-texts.ts"
import {
  OVERDUE_MINUTES,
  pipelineHealth,
  UNDELIVERED_SHARE_LIMIT,
  type KindCount,
  type PipelineHealth,
} from "./health.ts"
import { databaseErrorText, OUTAGE_NOTICES, withoutDatabaseChannels, type NoticeBudget } from "./outage.ts"
import { pingSwitch, probeCrm } from "./probes.ts"

const COPY = LEAD_MESSAGES.pipelineCheck

/** The steps, in the order a timed-out check names the one it was stuck at. */
const STEPS = ["health", "lead", "email", "providers"] as const
type Step = (typeof STEPS)[number]

/** What the check found of each provider: each alert channel's (e-mail: the test e-mail), and the CRM's. */
export type Providers = Partial<Record<ChannelName | "crm", ProbeResult>>

/** The channels in the order the report lists them: the inbox (e-mail), then the others in the channels' order. */
const REPORT_ORDER: readonly RegisteredChannel[] = [
  ...CHANNELS.filter((c) => c.inbox),
  ...CHANNELS.filter((c) => !c.inbox),
]

export interface CheckReport {
  /** The check's row; null when the check could not run (no database to keep it in). */
  id: string | null
  trigger: CheckTrigger
  status: "passed" | "failed"
  startedAt: string
  durationMs: number
  /** Each step's time, null for one that never ended. */
  steps: Record<Step, number | null>
  /** The synthetic request's reference, once the function answered. */
  reference: string | null
  providers: Providers
  health: PipelineHealth | null
  problems: Array<{ code: string; detail: string; name: string; todo: string }>
  /** The channels the failure was told through, by name. */
  notified: string[]
  /** Why the office was not told of this failure (a check that could not run, past its notices' budget). */
  notTold?: string
  /** The outside switch: pinged, not set, or the ping's error. */
  ping: "pinged" | "not set" | "not pinged (the check failed)" | { error: string }
}

export type CheckOutcome =
  | { outcome: "passed" | "failed"; report: CheckReport }
  | { outcome: "already_running"; id: string; startedAt: Date; trigger: CheckTrigger }

/** What the check found so far: filled in as each step ends, so a timed-out check still reports them. */
interface Found {
  health?: PipelineHealth
  reference?: string
  leadProblem?: Problem
  providers: Providers
}

/** A problem as the report keeps it: its code and detail, its name and what to do. */
const reported = (problem: Problem) => ({ code: problem.code, detail: problem.detail, ...problemText(problem) })

/** A failed probe's problem. */
const probeProblem = (probe: ProbeResult): Problem | null => {
  const { problem } = probe
  if (probe.state !== "failed" || !problem) return null
  return typeof problem === "string"
    ? { code: problem, detail: probe.detail }
    : { code: problem.code, detail: probe.detail, text: { name: problem.name, todo: problem.todo } }
}

const kindsText = (kinds: readonly KindCount[]) => kinds.map((k) => `${k.count} ${k.kind}`).join(", ")

/** The synthetic request: a $49 booking from the company itself, to its own inbox, marked as the check's. */
function testLead(submissionId: string, config: DeliveryDeps["config"]) {
  return {
    submissionId,
    website: "",
    // Well past the bot check's minimum: the check passes the spam checks, it does not skip them.
    formFillMs: Math.max(60_000, config.spam.minFormFillMs * 2),
    fullName: COPY.lead.fullName,
    phone: COMPANY.phone.display,
    streetAddress: COMPANY.address.street,
    city: COMPANY.address.city,
    zipCode: COMPANY.address.postalCode,
    email: config.pipelineCheck.emailTo,
    specialOffer: COPY.lead.offer,
  }
}

/** Sends the synthetic request over HTTP; its reference, or the problem. */
async function sendTestLead(
  deps: DeliveryDeps,
  check: { id: string; submissionId: string },
  at: Date,
  found: Found,
): Promise<void> {
  const { config, db } = deps
  const base = config.pipelineCheck.functionsUrl
  if (!base) {
    found.leadProblem = {
      code: "lead",
      detail: "The functions' address is unknown: set PIPELINE_CHECK_FUNCTIONS_URL (Supabase sets SUPABASE_URL itself)",
    }
    return
  }
  const header = checkHeader(
    config.pipelineCheck.headerSecret,
    check.id,
    check.submissionId,
    new Date(at.getTime() + CHECK_HEADER_TTL_MS),
  )
  try {
    const response = await request(
      "process-simple-lead",
      deps.fetchImpl ?? fetch,
      `${base}/process-simple-lead`,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          apikey: config.anonKey,
          Authorization: `Bearer ${config.anonKey}`,
          [CHECK_HEADER]: header,
        },
        body: JSON.stringify(testLead(check.submissionId, config)),
      },
      config.outbox.timeoutMs,
    )
    const text = await response.text()
    const answer: unknown = JSON.parse(text || "null")
    const reference =
      typeof answer === "object" && answer !== null && "success" in answer && answer.success === true
        ? "reference" in answer && typeof answer.reference === "string"
          ? answer.reference
          : ""
        : null
    if (!response.ok || reference === null) {
      found.leadProblem = {
        code: "lead",
        detail: `process-simple-lead answered ${response.status}: ${text.replace(/\s+/g, " ").slice(0, 200)}`,
      }
      return
    }
    found.reference = reference
    if (!(await storedApart(db, check.id)))
      found.leadProblem = {
        code: "leadNotApart",
        detail: `process-simple-lead answered ${reference} but did not store it as the check's request`,
      }
  } catch (error) {
    found.leadProblem = { code: "lead", detail: error instanceof Error ? error.message.slice(0, 300) : String(error) }
  }
}

/** "E-mail API answered 401: …": the key is refused, and trying again will not mend it. */
const KEY_REFUSED = /answered 40[13]\b/

/** Waits for the test e-mail's job to settle, until `until`; its outcome is the e-mail provider's check. */
async function awaitTestEmail(deps: DeliveryDeps, id: string, until: number): Promise<ProbeResult> {
  const { db, config } = deps
  const via = config.mail.resendApiKey ? "the e-mail API" : "the local mailbox"
  let pause = 10
  for (;;) {
    const job = await checkEmailJob(db, id)
    if (job?.status === "sent")
      return { state: "ok", detail: `${via} took the test e-mail to ${config.pipelineCheck.emailTo}` }
    if (job?.status === "not_configured")
      return { state: "failed", problem: "emailNotConfigured", detail: job.last_error ?? "RESEND_API_KEY is not set" }
    if (job?.status === "dead") {
      const error = job.last_error ?? "given up"
      return { state: "failed", problem: KEY_REFUSED.test(error) ? "emailRefused" : "emailNotDelivered", detail: error }
    }
    if (Date.now() >= until)
      return {
        state: "failed",
        problem: "emailNotDelivered",
        detail: job?.last_error ?? `not delivered after ${job?.attempts ?? 0} tries: no worker took it`,
      }
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, until - Date.now()))))
    pause = Math.min(pause * 2, 1_000)
  }
}

/** The problems of what was found, in the order the report lists them: the request's way first. */
function problemsOf(found: Found, at: Date): Problem[] {
  const D = COPY.details
  const problems: Problem[] = []
  if (found.leadProblem) problems.push(found.leadProblem)
  for (const probe of [...REPORT_ORDER.map((c) => found.providers[c.name]), found.providers.crm]) {
    const problem = probe && probeProblem(probe)
    if (problem) problems.push(problem)
  }
  const health = found.health
  if (health?.dead.count)
    problems.push({
      code: "dead",
      detail: fill(D.dead, {
        count: String(health.dead.count),
        kinds: kindsText(health.dead.kinds),
        error: (health.dead.lastError ?? "").slice(0, 300),
      }),
    })
  if (health?.overdue.count)
    problems.push({
      code: "overdue",
      detail: fill(D.overdue, {
        count: String(health.overdue.count),
        minutes: String(OVERDUE_MINUTES),
        kinds: kindsText(health.overdue.kinds),
        late: durationText(at.getTime() - (health.overdue.oldestDue ?? at).getTime()),
      }),
    })
  if (health?.unalerted.count)
    problems.push({
      code: "unalerted",
      detail: fill(D.unalerted, {
        count: String(health.unalerted.count),
        references: health.unalerted.references.join(", "),
      }),
    })
  const texts = health?.texts
  if (texts && texts.notDelivered > 0 && texts.notDelivered / texts.sent > UNDELIVERED_SHARE_LIMIT)
    problems.push({
      code: "textsUndelivered",
      detail: fill(D.textsUndelivered, {
        count: String(texts.notDelivered),
        sent: String(texts.sent),
        share: String(Math.round((100 * texts.notDelivered) / texts.sent)),
        limit: String(Math.round(100 * UNDELIVERED_SHARE_LIMIT)),
        codes: texts.errorCodes.map((c) => `${c.code} (${c.count})`).join(", "),
      }),
    })
  return problems
}

/** Whether a channel can carry the report: it passed its check (or is the local page), or was not checked in time. */
const usable = (probe: ProbeResult | undefined, configured: boolean) =>
  probe ? probe.state === "ok" || probe.state === "local" : configured

/**
 * Tells the office through the channels that work: e-mail and the channels that cost nothing (chat);
 * SMS when e-mail does not work, or when nothing else got through. Each is sent directly, not through
 * the outbox, which may be what is broken. Resolves to the names of the channels that took the report.
 */
async function tellOffice(deps: DeliveryDeps, view: Omit<FailureView, "told">, found: Found): Promise<string[]> {
  const { config } = deps
  const works = (channel: RegisteredChannel) =>
    (channel.failureNotice.ready?.(config) ?? true) && usable(found.providers[channel.name], channel.on(config))
  const inboxOk = REPORT_ORDER.some((c) => c.inbox && works(c))
  const first = REPORT_ORDER.filter((c) => !c.costly && works(c))
  // SMS costs and rings a phone: only when e-mail, the channel that carries the whole report, cannot.
  const planned = inboxOk ? first : [...first, ...REPORT_ORDER.filter((c) => c.costly && works(c))]

  const send = async (channel: RegisteredChannel, told: readonly RegisteredChannel[]): Promise<boolean> => {
    const full: FailureView = { ...view, told: told.map(({ name, label }) => ({ name, label })) }
    try {
      await channel.failureNotice.send(full, deps)
      return true
    } catch (error) {
      logError("pipeline-check", `telling the office by ${channel.name} failed`, error)
      return false
    }
  }

  const told: string[] = []
  for (const channel of planned) if (await send(channel, planned)) told.push(channel.name)
  // Neither e-mail nor chat took it: SMS is the last channel left.
  for (const channel of REPORT_ORDER) {
    if (told.length > 0) break
    if (channel.costly && !planned.includes(channel) && works(channel) && (await send(channel, [channel])))
      told.push(channel.name)
  }
  return told
}

/** What a passing check found working, one line each, for a failed check's report. */
const workingLines = (found: Found) =>
  [
    ...REPORT_ORDER.map((c): [string, ProbeResult | undefined] => [c.label, found.providers[c.name]]),
    ["CRM", found.providers.crm] as const,
  ].flatMap(([label, probe]) => (probe && probe.state !== "failed" ? [`${label}: ${probe.detail}`] : []))

/** Checks whose process stopped before they ended (their lease passed): marked timed out, the office e-mailed. */
export async function reportAbandonedChecks(deps: Pick<DeliveryDeps, "db" | "config">, at: Date): Promise<number> {
  const { db, config } = deps
  const abandoned = await expireAbandoned(db, at)
  await enqueueJobs(
    db,
    abandoned.map((check) => ({
      kind: "company_email" as const,
      dedupeKey: `pipeline-check:${check.id}:abandoned`,
      payload: timedOutNotice(check, config.mail.companyTo, config.mail.from),
    })),
    at,
  )
  return abandoned.length
}

/**
 * A check that could not run (outage.ts): the office told at once through the providers alone, within
 * the notices' budget, and a failed report kept nowhere but in the answer.
 */
async function couldNotRun(
  deps: DeliveryDeps,
  trigger: CheckTrigger,
  at: Date,
  began: number,
  error: unknown,
  notices: NoticeBudget,
): Promise<CheckOutcome> {
  logError("pipeline-check", "the check could not run: the database failed it", error)
  const problems: Problem[] = [
    { code: "database", detail: fill(COPY.details.database, { error: databaseErrorText(error) }) },
  ]
  const budget = notices.take(Date.now())
  const direct = { ...deps, config: withoutDatabaseChannels(deps.config) }
  const notified = budget.allowed
    ? await tellOffice(direct, { trigger, at, problems, working: [] }, { providers: {} })
    : []
  const notTold = budget.allowed
    ? notified.length === 0
      ? "no provider took the notice (none is set, or each failed): see the functions' logs"
      : undefined
    : `already told ${budget.sent} times in the last hour: the next notice may go at ${budget.nextAt.toISOString()}`
  const report: CheckReport = {
    id: null,
    trigger,
    status: "failed",
    startedAt: at.toISOString(),
    durationMs: Date.now() - began,
    steps: { health: null, lead: null, email: null, providers: null },
    reference: null,
    providers: {},
    health: null,
    problems: problems.map(reported),
    notified,
    ...(notTold ? { notTold } : {}),
    ping: "not pinged (the check failed)",
  }
  return { outcome: "failed", report }
}

/** Rejects when `work` has not settled within `ms`: a database that does not answer is as down as one that refuses. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database in ${Math.round(ms / 1000)} s`)), ms)
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}

/**
 * Runs one check (see the top of this file). Never throws: what it checks fails the check, and a
 * database that fails the check itself (down, refusing, hanging on the check's start) is told to the
 * office straight through the providers (couldNotRun), within `notices`.
 */
export async function runPipelineCheck(
  deps: DeliveryDeps,
  trigger: CheckTrigger,
  notices: NoticeBudget = OUTAGE_NOTICES,
): Promise<CheckOutcome> {
  const at = nowOf(deps)
  const began = Date.now()
  try {
    return await runWithDatabase(deps, trigger, at, began)
  } catch (error) {
    return couldNotRun(deps, trigger, at, began, error, notices)
  }
}

async function runWithDatabase(deps: DeliveryDeps, trigger: CheckTrigger, at: Date, began: number) {
  const { db, config } = deps
  // The check's own rows first: a database that cannot take them within a third of the check's time is down.
  const start = await within(
    (async () => {
      await reportAbandonedChecks(deps, at)
      await purgeChecks(db, at)
      return startCheck(db, config, trigger, at)
    })(),
    Math.floor(config.pipelineCheck.timeoutMs / 3),
  )
  if (start.kind === "running") return { outcome: "already_running" as const, ...start }
  const check = { id: start.id, submissionId: start.submissionId }
  const found: Found = { providers: {} }
  const steps: Record<Step, number | null> = { health: null, lead: null, email: null, providers: null }
  const timed = async (step: Step, work: () => Promise<void>) => {
    const from = Date.now()
    await work()
    steps[step] = Date.now() - from
  }
  const fetchImpl = deps.fetchImpl ?? fetch
  const { timeoutMs } = config.pipelineCheck
  // The test e-mail may wait for two thirds of the check's time: a slow API is "not delivered in time", not a hung check.
  const emailUntil = began + Math.floor((timeoutMs * 2) / 3)

  const work = (async () => {
    await timed("health", async () => {
      found.health = await pipelineHealth(db, at)
    })
    await Promise.all([
      (async () => {
        await timed("lead", () => sendTestLead(deps, check, at, found))
        if (found.leadProblem) return
        await timed("email", async () => {
          found.providers.email = await awaitTestEmail(deps, check.id, emailUntil)
        })
      })(),
      timed("providers", async () => {
        const probed = await Promise.all([
          ...CHANNELS.flatMap((c) => (c.probe ? [c.probe(config, fetchImpl).then((r) => [c.name, r] as const)] : [])),
          probeCrm(config, fetchImpl, at).then((r) => ["crm", r] as const),
        ])
        for (const [name, result] of probed) found.providers[name] = result
      }),
    ])
  })()
  let timer: ReturnType<typeof setTimeout> | undefined
  const ended = await Promise.race([
    work.then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(0, timeoutMs - (Date.now() - began)))
    }),
  ])
  clearTimeout(timer)
  // A step still running is left to end on its own timeout: its findings come too late for this report.
  work.catch((error: unknown) => logError("pipeline-check", "a step failed after the check ended", error))

  const problems = problemsOf(found, at)
  if (!ended) {
    const stuck = STEPS.find((step) => steps[step] === null && !(step === "email" && found.leadProblem)) ?? "providers"
    problems.push({
      code: "timedOut",
      detail: fill(COPY.details.timedOut, {
        seconds: String(Math.round(timeoutMs / 100) / 10),
        step: COPY.details.steps[stuck],
      }),
    })
  }
  const passed = problems.length === 0
  const notified = passed ? [] : await tellOffice(deps, { trigger, at, problems, working: workingLines(found) }, found)
  let ping: CheckReport["ping"] = passed ? "not set" : "not pinged (the check failed)"
  if (passed && config.pipelineCheck.pingUrl) {
    const error = await pingSwitch(config.pipelineCheck.pingUrl, fetchImpl, config.alerts.timeoutMs)
    ping = error === null ? "pinged" : { error }
  }
  const report: CheckReport = {
    id: check.id,
    trigger,
    status: passed ? "passed" : "failed",
    startedAt: at.toISOString(),
    durationMs: Date.now() - began,
    steps,
    reference: found.reference ?? null,
    providers: { ...found.providers },
    health: found.health ?? null,
    problems: problems.map(reported),
    notified,
    ping,
  }
  await finishCheck(
    db,
    check.id,
    { status: report.status, report, notified, pingedAt: ping === "pinged" ? nowOf(deps) : null },
    nowOf(deps),
  )
  return { outcome: report.status, report }
}
