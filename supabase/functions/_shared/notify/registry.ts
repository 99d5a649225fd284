/**
 * The office's alert channels, in the order an alert lists them (a lead's SMS, chat post, e-mail).
 * A channel is one file in channels/ and its entry here (an import and its name in the list): its job
 * kind, lane, budget, probe and notices all follow (notify/channel.ts says what a channel holds;
 * docs/office-alerts.md how to add one).
 */
import type { BackendConfig } from "../config.ts"
import { isBudgeted, type Budgeted } from "./channel.ts"
import { chat } from "./channels/chat.ts"
import { email } from "./channels/email.ts"
import { sms } from "./channels/sms.ts"

export const CHANNELS = [sms, chat, email] as const

export type RegisteredChannel = (typeof CHANNELS)[number]
export type ChannelName = RegisteredChannel["name"]
/** The alert jobs' kinds, one per channel (outbox/job-kinds.ts adds the others). */
export type ChannelKind = RegisteredChannel["kind"]

/** The channels as their common shape (a loop over them need not tell them apart). */
const ALL: readonly RegisteredChannel[] = CHANNELS

/** The channel named `name` (a lane, a summary's `overflow`), if there is one. */
export const channelNamed = (name: unknown): RegisteredChannel | undefined => ALL.find((c) => c.name === name)

/** The channel whose alert job is of `kind`, if there is one. */
export const channelOfKind = (kind: string): RegisteredChannel | undefined => ALL.find((c) => c.kind === kind)

/** The budgeted channel named `name`, if there is one (a summary's `overflow`, a spend row's channel). */
export const budgetedNamed = (name: unknown): Budgeted<RegisteredChannel> | undefined => {
  const channel = channelNamed(name)
  return isBudgeted(channel) ? channel : undefined
}

/** One value per channel, by its alert job's kind (the worker's handlers). */
export function byChannelKind<T>(make: (channel: RegisteredChannel) => T): { [K in ChannelKind]: T } {
  const made: Partial<Record<ChannelKind, T>> = {}
  for (const channel of CHANNELS) made[channel.kind] = make(channel)
  if (!hasEvery(made)) throw new Error("unreachable: every channel was made")
  return made
}

const hasEvery = <T>(made: Partial<Record<ChannelKind, T>>): made is Record<ChannelKind, T> =>
  CHANNELS.every((channel) => made[channel.kind] !== undefined)

/** Reads each channel's own settings once, so a bad one throws at start rather than at its first alert. */
export function checkChannelSettings(config: BackendConfig): void {
  for (const channel of ALL) channel.settings?.(config)
}
