/**
 * Visitor text inside an SMS or a team-chat post. A visitor must not be able to write something that
 * looks like ours (an "I'm on it: https://…" of their own) or that notifies people. So in what a
 * visitor wrote: every URL and anything a phone or chat would turn into a link is defanged
 * (`hxxps://`, `example[.]com`), and in chat every mention form is neutralised on every platform the
 * README lists (Slack, Mattermost, Rocket.Chat, Discord): `@word` gets a full-width at sign, markup
 * (`<!channel>`, `<@U123>`, `<url|label>`) is escaped, and a Markdown link is broken. Our own lines
 * always start with our label, so visitor text never starts a line.
 */
import { toGsm7 } from "../kernel/gsm7.ts"

/**
 * Links made harmless and visibly so: `http(s)://` becomes `hxxp(s)://`, any other `scheme://`
 * `scheme[:]//`, and a dot between two letters or digits `[.]` (domains, `www.`, e-mail addresses,
 * IP addresses), which no phone or chat client links. A scheme may hold letters, digits, `+`, `-` and
 * `.`, so `http` is taken for the scheme only where none of those stands before it: in
 * `x..https://` the scheme is `x..https`, and its `://` becomes `[:]//` too.
 */
export const defang = (text: string): string =>
  text
    .replace(/(?<![\p{L}\p{N}_+.-])(h)tt(ps?):\/\//giu, (_m, h: string, rest: string) => `${h}xx${rest}://`)
    .replace(/(?<!(?<![\p{L}\p{N}_+.-])hxxps?):\/\//giu, "[:]//")
    .replace(/(?<=[\p{L}\p{N}_-])\.(?=[\p{L}\p{N}])/gu, "[.]")

/** A visitor's text for an SMS: GSM-7 (transliterated, see gsm7.ts), then defanged. */
export const smsVisitorText = (text: string): string => defang(toGsm7(text))

/** Slack's markup: &, < and > escaped, so `<!channel>`, `<@U123>` and `<url|label>` are shown, never acted on. */
export const chatEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

/** The at sign that mentions nobody on any platform: full-width, so `@channel` reads as itself and pings no one. */
const QUIET_AT = "\uff20"

/**
 * The characters a chat formats text with, each for the look-alike that no supported chat (Slack's
 * mrkdwn, Discord's markdown through its Slack endpoint, Mattermost, Rocket.Chat, Google Chat) reads as
 * markup: `*bold*`, `_italic_`, `~strike~`, `` `code` `` and Discord's `||spoiler||` show as typed. Slack's
 * mrkdwn has no escape character (a backslash shows as itself), so the one rule that holds on every
 * platform the same post may reach is to write none of them. `>` (a quote) and `<…>` (a link, a
 * mention) are escaped by chatEscape; visitor text never starts a line, where a quote or a list begins.
 */
export const CHAT_LOOK_ALIKES: Readonly<Record<string, string>> = {
  "*": "\u2217",
  _: "\u02cd",
  "~": "\u223c",
  "`": "\u02cb",
  "|": "\u2223",
}

const MARKUP = new RegExp(
  `[${Object.keys(CHAT_LOOK_ALIKES)
    .map((c) => `\\${c}`)
    .join("")}]`,
  "g",
)

/**
 * A visitor's text for a chat post. Compatibility forms are folded first (NFKC: a full-width dot or
 * at sign is a plain one, so it is caught below), then links are defanged, every `@` before a word
 * (`@channel`, `@here`, `@everyone`, `@all`, `@name`) made quiet, a Markdown link `[label](…)` broken,
 * the formatting characters written as their look-alikes and the markup escaped.
 */
export const chatVisitorText = (text: string): string =>
  chatEscape(
    defang(text.normalize("NFKC"))
      .replace(/@(?=[\p{L}\p{N}_&])/gu, QUIET_AT)
      .replace(/\]\(/g, "] (")
      .replace(MARKUP, (c) => CHAT_LOOK_ALIKES[c] ?? c),
  )

/**
 * The user and role ids our own mention names (Discord's `<@123>`, `<@!123>`, `<@&456>`), so a
 * Discord webhook can be told to ping exactly these and nothing a visitor wrote.
 */
export function mentionedIds(mention: string): { users: string[]; roles: string[] } {
  const users: string[] = []
  const roles: string[] = []
  for (const [, kind, id] of mention.matchAll(/<@([!&]?)(\d+)>/g)) {
    if (!id) continue
    if (kind === "&") roles.push(id)
    else users.push(id)
  }
  return { users, roles }
}
