/**
 * The office's alert channels, in the order an alert lists them (a lead's SMS, chat post, e-mail).
 * A channel is one file in channels/ and its line in channels/index.ts: its job kind, lane, budget,
 * probe and notices all follow (notify/channel.ts says what a channel holds; docs/office-alerts.md how
 * to add one).
 */
import type { BackendConfig } from "../config.ts"
import { isBudgeted, type Budgeted } from "./channel.ts"
import * as listed from "./channels/index.ts"

export type RegisteredChannel = (typeof listed)[keyof typeof listed]

/** Where a channel comes in an alert's list: the one that rings a phone first, the office's inbox last. */
const place = (channel: RegisteredChannel) => (channel.costly ? 0 : channel.inbox ? 2 : 1)

/** The channels in an alert's order: by place, then by name (a module's exports have no order of their own). */
export const CHANNELS: readonly RegisteredChannel[] = Object.values(listed).sort(
  (a, b) => place(a) - place(b) || a.name.localeCompare(b.name),
)

export type ChannelName = RegisteredChannel["name"]
/** The alert jobs' kinds, one per channel (outbox/job-kinds.ts adds the others). */
export type ChannelKind = RegisteredChannel["kind"]

/** The channel named `name` (a lane, a summary's `overflow`), if there is one. */
export const channelNamed = (name: unknown): RegisteredChannel | undefined => CHANNELS.find((c) => c.name === name)

/** The channel whose alert job is of `kind`, if there is one. */
export const channelOfKind = (kind: string): RegisteredChannel | undefined => CHANNELS.find((c) => c.kind === kind)

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
  for (const channel of CHANNELS) channel.settings?.(config)
}
