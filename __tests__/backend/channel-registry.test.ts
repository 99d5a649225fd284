/** @jest-environment node */
/**
 * The alert channels are listed once, one line each in notify/channels/index.ts; the registry puts them in
 * an alert's order from what each declares, so a new channel's line needs no place of its own.
 */
import * as listed from "../../supabase/functions/_shared/notify/channels/index"
import { CHANNELS, channelNamed, channelOfKind } from "../../supabase/functions/_shared/notify/registry"

test("every listed channel is registered once", () => {
  expect(CHANNELS).toHaveLength(Object.keys(listed).length)
  expect(new Set(CHANNELS.map((c) => c.name)).size).toBe(CHANNELS.length)
  for (const channel of Object.values(listed)) expect(CHANNELS).toContain(channel)
})

test("an alert lists the channel that rings a phone first, the office's inbox last", () => {
  expect(CHANNELS.map((c) => c.name)).toEqual(["sms", "chat", "email"])
  expect(CHANNELS[0]?.costly).toBe(true)
  expect(CHANNELS.at(-1)?.inbox).toBe(true)
})

test("a channel is found by its name and by its alert job's kind", () => {
  for (const channel of CHANNELS) {
    expect(channelNamed(channel.name)).toBe(channel)
    expect(channelOfKind(channel.kind)).toBe(channel)
  }
  expect(channelNamed("fax")).toBeUndefined()
  expect(channelOfKind("alert_fax")).toBeUndefined()
})
