/**
 * What an alert channel of the office is (SMS, the team chat, e-mail, …): one file in channels/ holds
 * all of it (its settings, read from the config, how it renders each alert, how it delivers, its
 * budget, its pipeline-check probe), and registry.ts lists the files. Escalation, the worker's
 * handlers, the budget, the pipeline check and the "not delivered" notice go through the list and name
 * no channel. A channel imports nothing of the outbox (it is listed below it: the job kinds derive from
 * the list), so it sees a job and its dependencies as the types here.
 */
import type { AlertView, DeadJob, OverflowView, Summary } from "../alerts/messages.ts"
import type { OnCallContact } from "../alerts/on-call.ts"
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import type { FailureView } from "../pipeline-check/check-texts.ts"
import type { ProbeResult } from "./probe.ts"

/** A job as a channel delivers it: the outbox's job of the channel's kind. */
export interface ChannelJob {
  id: string
  payload: Record<string, unknown>
  attempts: number
  /** When a try of this job first ended without an answer (delivery/errors.ts' UnknownOutcomeError). */
  outcomeUnknownAt?: Date | null
}

/** What a delivery is given: the settings, the database (the local stand-ins write to it), and fetch. */
export interface ChannelDeps {
  config: BackendConfig
  db: Pick<Db, "query">
  fetchImpl?: typeof fetch
  /** The time a delivery is recorded at (tests fix it). */
  clock?: () => Date
}

/** A message's payload on the channel (its address and text), without the leads it is about. */
export type Payload = Record<string, unknown>

/** An alert channel. `Name` is its lane, its budget's and its dedupe keys' word; `Kind` its alert job's kind. */
export interface AlertChannel<Name extends string = string, Kind extends string = string> {
  name: Name
  kind: Kind
  /** What the office calls it in the pipeline check's report ("SMS", "team chat"). */
  label: string
  /** What a dead alert of this channel was, in the office's notice of it ("{to}": the payload's `to`). */
  deadWhat: string
  /** The most provider requests one try makes (its job's lease is sized from them, outbox/claim.ts). */
  requests: number
  /**
   * The office's inbox (e-mail): every contact without another channel is alerted by it at the office's
   * address, it is not counted by the budget, and the others carry the notice when it is down.
   */
  inbox?: true
  /** It costs money and rings a phone (SMS): a notice goes by it only when no other channel can carry it. */
  costly?: true
  /**
   * Reads and checks the channel's own settings from the environment (config.setting), when config.ts
   * does not read them: createApp runs it at start, so a bad value stops the functions, naming it.
   */
  settings?: (config: BackendConfig) => unknown
  /** Whether it can deliver: its provider is set, or the local backend stands in for it. */
  on: (config: BackendConfig) => boolean
  /** The contact's address on the channel (a number, a mention, an e-mail address); undefined when it does not reach them. */
  reach: (contact: OnCallContact, config: BackendConfig) => string | undefined
  /** A lead's alert to `to`. */
  alert: (view: AlertView, to: string, config: BackendConfig, at: Date) => Payload
  /** The morning summary to `to`. */
  summary: (summary: Summary, to: string, config: BackendConfig) => Payload
  /** Counted by the alert budget (alerts/budget.ts): its limits, its name in the office's notice, and the summary past them. */
  budget?: {
    label: string
    limits: (config: BackendConfig) => { perHour: number; perDay: number }
    summary: (view: OverflowView, to: string, config: BackendConfig) => Payload
  }
  /** The office's notice of a dead e-mail alert by this channel; undefined when it reaches nobody at the office. */
  deadNotice?: (job: DeadJob, error: string, config: BackendConfig) => Payload | undefined
  /** Delivers one job of its kind; resolves to a note for the job's record. Errors are delivery/errors.ts'. */
  deliver: (job: ChannelJob, deps: ChannelDeps) => Promise<string | undefined>
  /** The pipeline check's look at the provider, never sending anything to anyone (e-mail has the test e-mail instead). */
  probe?: (config: BackendConfig, fetchImpl: typeof fetch) => Promise<ProbeResult>
  /** The pipeline check's failure report, sent straight (not through the outbox, which may be what is broken). */
  failureNotice: {
    /** Whether someone at the office can get it (SMS: a contact with a number). */
    ready?: (config: BackendConfig) => boolean
    send: (view: FailureView, deps: ChannelDeps) => Promise<void>
  }
}

/** A channel as declared, its name and kind kept as literal types (registry.ts derives the job kinds from them). */
export const defineChannel = <const Name extends string, const Kind extends string>(
  channel: AlertChannel<Name, Kind>,
): AlertChannel<Name, Kind> => channel

/** A channel the alert budget counts, with its budget. */
export type Budgeted<C extends AlertChannel = AlertChannel> = C & { budget: NonNullable<AlertChannel["budget"]> }

export const isBudgeted = <C extends AlertChannel>(channel: C | undefined): channel is Budgeted<C> =>
  channel?.budget !== undefined
