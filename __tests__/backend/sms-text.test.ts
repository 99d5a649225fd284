/**
 * @jest-environment node
 *
 * What an alert SMS and chat post are made of. A segment counter (GSM-7
 * with its extension table, 160/153; UCS-2, 70/67; a character never split across segments), the
 * transliteration of visitor text into GSM-7, every alert SMS within its cap, and visitor text that
 * can neither pass for our lines and links nor notify anyone in a chat.
 */
import fc from "fast-check"
import { ValidationError } from "yup"
import { isGsm7, smsSize, toGsm7 } from "../../supabase/functions/_shared/kernel/gsm7"
import {
  alertChat,
  alertSms,
  deadNoticeSms,
  overflowSms,
  summarySms,
  type AlertView,
} from "../../supabase/functions/_shared/alerts/messages"
import { chatPayload } from "../../supabase/functions/_shared/notify/channels/chat"
import { fitSms } from "../../supabase/functions/_shared/alerts/sms-fit"
import { signLink } from "../../supabase/functions/_shared/office-links/signed-link"
import type { AlertSubject } from "../../supabase/functions/_shared/alerts/subject"
import { oneLine } from "../../supabase/functions/_shared/alerts/subject"
import {
  CHAT_LOOK_ALIKES,
  chatVisitorText,
  defang,
  smsVisitorText,
} from "../../supabase/functions/_shared/alerts/visitor-text"
import { LEAD_MESSAGES } from "../../supabase/functions/_shared/kernel/site-data.generated"
import { LANGUAGES, type Language } from "../../supabase/functions/_shared/kernel/languages"
import { leadMessagesSchema } from "../../gatsby/data-schemas"
import { promiseFor } from "../../supabase/functions/_shared/alerts/promise"

const COPY = LEAD_MESSAGES.officeAlerts
const SITE = "https://www.westchesterfamilypest.example"
const ID = "0b6d2c1e-8f3a-4c55-9d1e-2a7b3c4d5e6f"

const ackUrl = (id = ID, to = "Dana") =>
  `${SITE}/office/acknowledge/#t=${signLink("secret", { purpose: "acknowledge", record: "lead", id, to, expires: 2_000_000_000 })}`

/** The longest lead the functions store: each field at its most. */
const LONGEST_LEAD = {
  name: "N".repeat(200),
  phone: "9".repeat(40),
  request: "r".repeat(1_000),
  source: "s".repeat(500),
}

/** A table of texts and what `change` makes of each: a test a row, named "<prefix><text> → <result>". */
const eachBecomes = (prefix: string, change: (text: string) => string, cases: Array<[string, string]>) =>
  test.each(cases)(`${prefix}%s → %s`, (from, to) => {
    expect(change(from)).toBe(to)
  })

describe("the segment counter", () => {
  test.each([
    ["nothing", "", "GSM-7", 0, 1],
    ["160 GSM-7 characters", "a".repeat(160), "GSM-7", 160, 1],
    ["161 GSM-7 characters", "a".repeat(161), "GSM-7", 161, 2],
    ["306 GSM-7 characters", "a".repeat(306), "GSM-7", 306, 2],
    ["307 GSM-7 characters", "a".repeat(307), "GSM-7", 307, 3],
    ["80 euro signs (extension table: 2 septets each)", "€".repeat(80), "GSM-7", 160, 1],
    ["81 euro signs", "€".repeat(81), "GSM-7", 162, 2],
    // 306 septets would be two segments, but the escape pair cannot straddle the first boundary.
    ["an escape pair at a segment boundary", `${"a".repeat(152)}€${"a".repeat(152)}`, "GSM-7", 306, 3],
    ["GSM-7's own accented letters", "é".repeat(160), "GSM-7", 160, 1],
    ["70 characters outside GSM-7", "ç".repeat(70), "UCS-2", 70, 1],
    ["71 characters outside GSM-7", "ç".repeat(71), "UCS-2", 71, 2],
    ["134 characters outside GSM-7", "ç".repeat(134), "UCS-2", 134, 2],
    ["135 characters outside GSM-7", "ç".repeat(135), "UCS-2", 135, 3],
    ["35 emoji (two UTF-16 units each)", "😀".repeat(35), "UCS-2", 70, 1],
    // 68 units fit in one... no: 67 per segment once split, and a surrogate pair moves whole.
    ["a surrogate pair at a segment boundary", `${"ç".repeat(66)}😀${"ç".repeat(10)}`, "UCS-2", 78, 2],
    ["one middle dot makes it all UCS-2", `${"a".repeat(100)}·`, "UCS-2", 101, 2],
  ])("%s", (_name, text, encoding, units, segments) => {
    expect(smsSize(text)).toEqual({ encoding, units, segments })
  })

  // Single code points each: Array.from splits them as the counter does.
  const basic = fc.constantFrom(
    ...Array.from("@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡AZÄÖÑÜ§¿azäöñüà"),
  )
  const outside = fc.constantFrom(...Array.from("çáíóúâêîôûãõčšžłœ·…–—“”‘’•€"))

  test("GSM-7 text of basic characters: 1 segment up to 160, then one per 153 (fast-check)", () => {
    fc.assert(
      fc.property(fc.array(basic, { maxLength: 1_000 }), (chars) => {
        const n = chars.length
        expect(smsSize(chars.join(""))).toEqual({
          encoding: "GSM-7",
          units: n,
          segments: n <= 160 ? 1 : Math.ceil(n / 153),
        })
      }),
    )
  })

  test("text with one character outside GSM-7 (BMP only): 1 segment up to 70, then one per 67 (fast-check)", () => {
    fc.assert(
      fc.property(fc.array(basic, { maxLength: 500 }), outside, fc.nat(), (chars, odd, at) => {
        chars.splice(at % (chars.length + 1), 0, odd)
        const text = chars.join("")
        const n = chars.length
        // The euro sign is in GSM-7's extension table: the text stays GSM-7.
        if (odd === "€") expect(smsSize(text).encoding).toBe("GSM-7")
        else expect(smsSize(text)).toEqual({ encoding: "UCS-2", units: n, segments: n <= 70 ? 1 : Math.ceil(n / 67) })
      }),
    )
  })
})

describe("transliteration into GSM-7", () => {
  eachBecomes("", toGsm7, [
    ["García", "Garcia"],
    ["Zoë Brontë", "Zoe Bronte"],
    // GSM-7 has these letters of its own: kept.
    ["Müller, Ñuñez, Åsa, Øre, Ærø, Straße, Élise", "Müller, Ñuñez, Åsa, Øre, Ærø, Straße, Élise"],
    ["“quoted” ‘single’ – en — em…", "\"quoted\" 'single' - en - em..."],
    ["C•ARE · Ants", "C-ARE - Ants"],
    ["Łódź, Œuvre", "Lodz, OEuvre"],
    ["ﬁne ｆｕｌｌ", "fine full"],
    ["ants 🐜 and 中文", "ants ? and ??"],
  ])

  test("anything becomes GSM-7, and GSM-7 stays as it is (fast-check)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        const gsm = toGsm7(text)
        expect(isGsm7(gsm)).toBe(true)
        expect(toGsm7(gsm)).toBe(gsm)
      }),
    )
  })
})

describe("our own SMS texts are GSM-7", () => {
  // Every text an SMS carries (the schema marks them smsText; the build refuses another character).
  const smsTexts = [
    COPY.newSubject,
    COPY.escalatedSubject,
    COPY.escalatedNote,
    COPY.acknowledgeLabel,
    COPY.acknowledgeAllLabel,
    COPY.rowLabels.request,
    COPY.rowLabels.phone,
    COPY.rowLabels.source,
    ...Object.values(COPY.sources),
    COPY.summarySubject,
    COPY.summaryMore,
    COPY.budgetSummary,
    ...Object.values(COPY.budgetChannels),
    COPY.deadSubject,
    COPY.deadReannounced,
    ...Object.values(COPY.deadWhat),
    COPY.deadRows.error,
    COPY.prefersLanguage,
    ...Object.values(COPY.languageNames),
  ]

  test.each(smsTexts)("%s", (text) => {
    expect(isGsm7(text)).toBe(true)
  })

  test("the data schema refuses an SMS text with a character outside GSM-7, naming it", async () => {
    const changed = {
      ...LEAD_MESSAGES,
      officeAlerts: { ...COPY, newSubject: "New {kindLabel} · {name}…" },
    }
    const error: unknown = await leadMessagesSchema.validate(changed, { abortEarly: false }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ValidationError)
    expect(String(error)).toMatch(/officeAlerts\.newSubject must use only GSM-7 characters .*not: · …/)
  })
})

/** A lead as subject.ts reads it back: every visitor field on one line and cut as it cuts them. */
const subjectOf = (
  fields: { name: string; phone: string; request: string; source: string },
  language: Language = "en",
): AlertSubject => ({
  record: "lead",
  id: ID,
  kindLabel: fc.sample(fc.constantFrom(...Object.values(LEAD_MESSAGES.companyEmail.kindLabels)), 1)[0] ?? "lead",
  name: oneLine(fields.name, 60),
  phone: oneLine(fields.phone, 40),
  tel: "tel:+19145550142",
  request: oneLine(fields.request, 160),
  source: oneLine(fields.source, 120),
  receivedAt: new Date("2026-03-03T15:00:00Z"),
  alertedAt: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
  kind: "estimate",
  reference: "WEB123456",
  promise: promiseFor("estimate", new Date("2026-03-03T15:00:00Z")),
  sentAsSpamAt: null,
  outcome: null,
  missedAt: null,
  windows: [],
  language,
  email: null,
})

const CONTACT_NAMES = fc.array(fc.constantFrom("Dana", "Eli", "Fay", "Office"), { maxLength: 3 })

const views = (text: fc.Arbitrary<string>) =>
  fc
    .record({
      name: text,
      phone: text,
      request: text,
      source: text,
      escalatedFrom: fc.option(CONTACT_NAMES, { nil: undefined }),
      language: fc.constantFrom(...LANGUAGES),
    })
    .map(({ escalatedFrom, language, ...fields }): AlertView => ({
      subject: subjectOf(fields, language),
      acknowledgeUrl: ackUrl(),
      ...(escalatedFrom ? { escalatedFrom } : {}),
    }))

const ascii = fc.string({ unit: "binary-ascii", maxLength: 400 })
const anything = fc.string({ unit: "grapheme", maxLength: 400 })

describe("every alert SMS is GSM-7 within its cap, and keeps our link whole", () => {
  test.each([
    ["an ASCII lead", ascii],
    ["a lead in any script", anything],
  ])("%s (fast-check)", (_name, text) => {
    fc.assert(
      fc.property(views(text), fc.integer({ min: 3, max: 5 }), (view, segments) => {
        const sms = alertSms(view, segments)
        expect(smsSize(sms)).toMatchObject({ encoding: "GSM-7" })
        expect(smsSize(sms).segments).toBeLessThanOrEqual(segments)
        expect(sms.split("\n").filter((line) => line === `I'm on it: ${view.acknowledgeUrl}`)).toHaveLength(1)
      }),
    )
  })

  test("the longest lead the functions store: 3 segments, its request shortened, our words whole", () => {
    const sms = alertSms({
      subject: subjectOf(LONGEST_LEAD),
      acknowledgeUrl: ackUrl(),
      escalatedFrom: ["Dana", "Eli", "Fay"],
    })
    expect(smsSize(sms)).toMatchObject({ encoding: "GSM-7", segments: 3 })
    expect(sms).toContain("Request: rrr")
    expect(sms).toContain("...")
    expect(sms).toContain(`Nobody has tapped "I'm on it" yet (Dana, Eli, Fay alerted). Please call back now.`)
  })

  test("the longest lead of a visitor who prefers Spanish: 3 segments, the preference said whole on its own line", () => {
    const sms = alertSms({
      subject: subjectOf(LONGEST_LEAD, "es"),
      acknowledgeUrl: ackUrl(),
      escalatedFrom: ["Dana", "Eli", "Fay"],
    })
    expect(smsSize(sms)).toMatchObject({ encoding: "GSM-7", segments: 3 })
    const prefers = LEAD_MESSAGES.officeAlerts.prefersLanguage.replaceAll(
      "{language}",
      LEAD_MESSAGES.officeAlerts.languageNames.es,
    )
    expect(sms.split("\n")[1]).toBe(prefers)
  })

  test("the longest lead with three free arrival windows: still 3 segments, the windows' line cut, our link whole", () => {
    const windows = [
      "Tue, Dec 1, 8:00 AM to 11:00 AM",
      "Wed, Dec 2, 11:00 AM to 2:00 PM",
      "Thu, Dec 3, 2:00 PM to 5:00 PM",
    ].map((label) => ({
      label,
      status: "free",
      confirm: { label: `Confirm ${label}`, href: "https://office.example/office/confirm/#t=x" },
    }))
    const view = {
      subject: subjectOf(LONGEST_LEAD),
      acknowledgeUrl: ackUrl(),
      windows,
    }
    const sms = alertSms(view)
    expect(smsSize(sms)).toMatchObject({ encoding: "GSM-7", segments: 3 })
    expect(sms).toMatch(/^Windows: Tue, Dec 1/m)
    expect(sms.split("\n").at(-1)).toBe(`I'm on it: ${view.acknowledgeUrl}`)
    const short = alertSms({
      ...view,
      subject: subjectOf({ name: "Ann", phone: "914-555-0100", request: "Ants", source: "Contact" }),
    })
    expect(short).toContain(`Windows: ${windows.map((w) => w.label).join("; ")}`)
  })

  test("a summary of 1 to 100 leads, a budget summary and a dead notice: GSM-7 within the cap, the link for all intact (fast-check)", () => {
    fc.assert(
      fc.property(fc.array(views(anything), { minLength: 1, maxLength: 100 }), (list) => {
        const all = ackUrl("1b6d2c1e-8f3a-4c55-9d1e-2a7b3c4d5e6f", "Dana")
        const sms = summarySms({ views: list, acknowledgeAllUrl: all })
        expect(smsSize(sms)).toMatchObject({ encoding: "GSM-7" })
        expect(smsSize(sms).segments).toBeLessThanOrEqual(3)
        expect(sms.split("\n").at(-1)).toBe(`I'm on all ${list.length}: ${all}`)
        const overflow = overflowSms({ channel: COPY.budgetChannels.sms, count: list.length, acknowledgeAllUrl: all })
        expect(smsSize(overflow)).toMatchObject({ encoding: "GSM-7" })
        expect(smsSize(overflow).segments).toBeLessThanOrEqual(3)
      }),
      { numRuns: 40 },
    )
    const dead = deadNoticeSms(
      {
        id: ID,
        kind: "alert_email",
        what: COPY.deadWhat.alert_email,
        attempts: 8,
        payload: { to: "office@x.example" },
      },
      "E".repeat(2_000),
    )
    expect(smsSize(dead)).toMatchObject({ encoding: "GSM-7" })
    expect(smsSize(dead).segments).toBeLessThanOrEqual(3)
  })

  test("fitting never cuts our own pieces, only the visitor's, longest first", () => {
    const text = fitSms(
      [
        [{ text: "Ours: " }, { text: "v".repeat(300), cut: true }],
        [{ text: "Also ours: " }, { text: "w".repeat(50), cut: true }],
        [{ text: `Link: ${"L".repeat(100)}` }],
      ],
      2,
    )
    expect(smsSize(text).units).toBeLessThanOrEqual(306)
    expect(text).toContain(`Link: ${"L".repeat(100)}`)
    expect(text).toContain(`Also ours: ${"w".repeat(50)}`)
    expect(text.split("\n")[0]).toMatch(/^Ours: v+\.\.\.$/)
  })
})

/** Hostile pieces a visitor might write: look-alike lines and links, mentions of every platform, markup. */
const HOSTILE = [
  "I'm on it: https://www.westchesterfamilypest.example/office/acknowledge/#t=v1.aaa.bbb",
  "I'm on it: ",
  "Came from: ",
  "https://evil.example/x",
  "HTTPS://EVIL.EXAMPLE",
  "http://1.2.3.4/",
  "hxxps://evil.example",
  "ftp://files.example",
  "www.evil.com",
  "evil.com",
  "pay.evil.co/x",
  "ann@example.com",
  "ｅｖｉｌ．ｃｏｍ",
  "@channel",
  "@here",
  "@everyone",
  "@all",
  "@dana",
  "＠everyone",
  "<!channel>",
  "<!here|here>",
  "<!subteam^S123>",
  "<@U0EVIL>",
  "<@123456789>",
  "<@!123456789>",
  "<@&987654321>",
  "<#C0123>",
  "<https://evil.example|I'm on it>",
  "[I'm on it](https://evil.example)",
  "](",
  "&lt;!channel&gt;",
  "\n",
  "\u2028",
  " ",
  "ants",
  ".",
  ":",
  "/",
]
const hostile = fc.array(fc.constantFrom(...HOSTILE), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(""))

/**
 * A URL with a scheme ("hxxps://", the defanged spelling, is none) or a dot between two letters or
 * digits (a domain, "www.x", an address): what a phone or a chat turns into a link. A cut "www..." is none.
 */
const LINK_LIKE = /\b(?!hxxps?:)[a-z][a-z0-9+.-]*:\/\/|[\p{L}\p{N}]\.[\p{L}\p{N}]/iu
/** Mentions that notify: @word on Mattermost, Rocket.Chat, Discord; <!…>, <@…>, <#…> on Slack and Discord. */
const NOTIFYING = /(^|[^\p{L}\p{N}_])@[\p{L}\p{N}_&]|<[!@#]/u

describe("visitor text in an alert cannot pass for ours or notify (fast-check)", () => {
  const OUR_SMS_LINES = [
    "New ",
    "Still waiting: ",
    "Nobody has tapped",
    "Phone: ",
    "Answer by: ",
    "Request: ",
    "Came from: ",
    "I'm on it: ",
  ]

  test("the SMS: our one link, every line ours", () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, (name, request, source) => {
        const url = ackUrl()
        const sms = alertSms({
          subject: subjectOf({ name, phone: "914-555-0142", request, source }),
          acknowledgeUrl: url,
        })
        const lines = sms.split("\n")
        for (const line of lines) expect(OUR_SMS_LINES.some((start) => line.startsWith(start))).toBe(true)
        expect(lines.filter((line) => line.startsWith("I'm on it: "))).toEqual([`I'm on it: ${url}`])
        // Our link taken out, nothing link-like is left.
        expect(sms.replace(url, "")).not.toMatch(LINK_LIKE)
      }),
      { numRuns: 300 },
    )
  })

  test("the chat post: our mention, our tel link and our one link, nothing that notifies", () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, hostile, (name, phone, request, source) => {
        const url = ackUrl()
        const chat = alertChat(
          { subject: subjectOf({ name, phone, request, source }), acknowledgeUrl: url },
          "<@U0DANA>",
        )
        const ours = ["<@U0DANA>", "<tel:+19145550142|", `<${url}|I'm on it>`]
        const rest = ours.reduce((text, token) => text.replace(token, ""), chat)
        expect(chat.startsWith("<@U0DANA> *")).toBe(true)
        expect(chat.split("\n")).toHaveLength(6)
        expect(rest).not.toMatch(NOTIFYING)
        expect(rest).not.toMatch(LINK_LIKE)
        // The tel link's label ends at the one ">" left that is ours: no other markup.
        expect(rest.match(/[<>]/g)).toEqual([">"])
      }),
      { numRuns: 300 },
    )
  })

  eachBecomes("defang: ", defang, [
    ["https://office.example/x", "hxxps://office[.]example/x"],
    ["HTTP://A.B", "HxxP://A[.]B"],
    ["ftp://files.example", "ftp[:]//files[.]example"],
    ["www.evil.com", "www[.]evil[.]com"],
    ["ann@example.com", "ann@example[.]com"],
    ["3.5 acres. Call me", "3[.]5 acres. Call me"],
    // A scheme may hold dots and "+": "everyone..HttPS" is one (fast-check found it), so its "://" goes too.
    ["@everyone..HttPS://EVIL.EXAMPLE", "@everyone..HttPS[:]//EVIL[.]EXAMPLE"],
    ["x+https://y", "x+https[:]//y"],
  ])

  eachBecomes("chat: ", chatVisitorText, [
    ["@channel @here @everyone @all", "＠channel ＠here ＠everyone ＠all"],
    ["<!channel> <@U1> <#C1>", "&lt;!channel&gt; &lt;＠U1&gt; &lt;#C1&gt;"],
    ["[I'm on it](https://x.y)", "[I'm on it] (hxxps://x[.]y)"],
    ["ｅｖｉｌ．ｃｏｍ ＠everyone", "evil[.]com ＠everyone"],
  ])

  eachBecomes("chat markup shows as typed: ", chatVisitorText, [
    ["*URGENT* _call_ ~now~", "\u2217URGENT\u2217 \u02cdcall\u02cd \u223cnow\u223c"],
    ["`rm -rf` ```block```", "\u02cbrm -rf\u02cb \u02cb\u02cb\u02cbblock\u02cb\u02cb\u02cb"],
    ["> quoted || spoiler ||", "&gt; quoted \u2223\u2223 spoiler \u2223\u2223"],
    ["**bold** __under__", "\u2217\u2217bold\u2217\u2217 \u02cd\u02cdunder\u02cd\u02cd"],
  ])

  test("a visitor's chat text formats nothing on any supported chat, and reads back as typed (fast-check)", () => {
    const back = Object.fromEntries(Object.entries(CHAT_LOOK_ALIKES).map(([c, alike]) => [alike, c]))
    const unescape = (text: string) => text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")
    // Text with markup and none of what is changed for other reasons (links, dots, at signs, compatibility forms).
    const typed = fc
      .array(fc.constantFrom("*", "_", "~", "`", "|", ">", "<", "&", "a", "B", " ", "9", "!", "#", "-", "é"), {
        maxLength: 40,
      })
      .map((chars) => chars.join(""))
    fc.assert(
      fc.property(typed, (text) => {
        const shown = chatVisitorText(text)
        expect(shown).not.toMatch(/[*_~`|<>]/)
        expect(unescape(shown.replace(/[\u2217\u02cd\u223c\u02cb\u2223]/g, (c) => back[c] ?? c))).toBe(text)
      }),
      { numRuns: 500 },
    )
  })

  test("in the chat alert, the visitor's *URGENT* is not bold while our own title is", () => {
    const chat = alertChat(
      {
        subject: subjectOf({ name: "_Ann_", phone: "914", request: "*URGENT* ~now~ `call`", source: "site" }),
        acknowledgeUrl: ackUrl(),
      },
      "<@U0DANA>",
    )
    const [title, ...rows] = chat.split("\n")
    expect(title).toMatch(/^<@U0DANA> \*.*\u02cdAnn\u02cd\*$/)
    expect(rows.find((row) => row.includes("URGENT"))).toMatch(/: \u2217URGENT\u2217 \u223cnow\u223c \u02cbcall\u02cb$/)
  })

  test("an SMS keeps an at sign (no SMS mentions anyone) but defangs the address", () => {
    expect(smsVisitorText("ann@example.com")).toBe("ann@example[.]com")
  })

  test("Discord's webhook is told to ping only our own mention; Slack's payload stays { text }", () => {
    expect(chatPayload("https://hooks.slack.com/services/T/B/x", "hi", "<@U0DANA>")).toEqual({ text: "hi" })
    expect(chatPayload("https://discord.com/api/webhooks/1/abc/slack", "hi", "<@123> <@&456>")).toEqual({
      text: "hi",
      allowed_mentions: { parse: [], users: ["123"], roles: ["456"] },
    })
    expect(chatPayload("https://discordapp.com/api/webhooks/1/abc/slack", "hi", "Dana")).toEqual({
      text: "hi",
      allowed_mentions: { parse: [], users: [], roles: [] },
    })
  })
})
