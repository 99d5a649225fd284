/**
 * @jest-environment node
 *
 * What one request can make the database store, across every table
 * (the lead or message row, the call's record, the outbox's jobs: the company e-mail's html and text, the
 * customer e-mail, the CRM payload, the alerts), for a body with every field at its maximum, written in
 * characters that cost the most bytes and compress the least. The figures are printed for the README
 * and bounded here, so a new copy of the visitor's text cannot slip in unnoticed.
 */
import fc from "fast-check"
import {
  CAMPAIGN_PARAMS,
  CLICK_ID_MAX_LENGTH,
  LANDING_PATH_MAX_LENGTH,
  MAX_NEW_PARAMS,
  REFERRER_MAX_LENGTH,
  UTM_MAX_LENGTH,
  isUtm,
} from "../../supabase/functions/_shared/kernel/attribution"
import { VERSION_ID_MAX_LENGTH } from "../../supabase/functions/_shared/kernel/consent"
import { MAX_BODY_BYTES, MAX_PESTS, PEST_NAME_MAX_LENGTH } from "../../supabase/functions/_shared/kernel/contract"
import type { Db } from "../../supabase/functions/_shared/db"
import { bodies, post, testConfig, withFreshApp, type AppUnderTest } from "./helpers"

jest.setTimeout(300_000)

let db: Db
let app: AppUnderTest

// Office hours, so every alert a lead can cause is queued with it (the most a request stores).
withFreshApp(
  { RATE_LIMIT_MAX: "0", CRM_WEBHOOK_URL: "http://127.0.0.1:9/crm", CRM_WEBHOOK_SECRET: "s" },
  (opened) => ({ db, app } = opened),
  () => new Date("2026-11-23T15:00:00Z"),
)

/** Random CJK ideographs: 3 bytes each in UTF-8, one UTF-16 unit (the contract's lengths count those), and no pglz run to compress. */
const seed = fc.sample(fc.integer({ min: 0x4e00, max: 0x9fff }), { numRuns: 200_000, seed: 25 })
let cursor = 0
const heavy = (length: number) => {
  let text = ""
  for (let i = 0; i < length; i++) text += String.fromCodePoint(seed[cursor++ % seed.length]!)
  return text
}
/** Random letters and digits: the only characters a click id, referrer or path may have. */
const token = (length: number, alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") =>
  Array.from({ length }, (_, i) => alphabet[(seed[(cursor + i) % seed.length]! * 7 + i) % alphabet.length]).join("")

const touch = () => ({
  ...Object.fromEntries(
    CAMPAIGN_PARAMS.map((param) => [param, isUtm(param) ? heavy(UTM_MAX_LENGTH) : token(CLICK_ID_MAX_LENGTH)]),
  ),
  ...Object.fromEntries(Array.from({ length: MAX_NEW_PARAMS }, (_, i) => [`new_id_${i}`, token(CLICK_ID_MAX_LENGTH)])),
  referrer: token(REFERRER_MAX_LENGTH, "abcdefghijklmnopqrstuvwxyz0123456789"),
  landing_path: `/${token(LANDING_PATH_MAX_LENGTH - 1)}`,
  at: "2026-11-23T14:59:00.000Z",
})
const version = (prefix: string) => `${prefix}-${token(VERSION_ID_MAX_LENGTH - prefix.length - 1, "abcdefghij")}`
const origin = () => ({
  attribution: { first: touch(), last: touch() },
  consent: {
    version: version("contact"),
    at: "0000-01-01T00:00:00.000Z",
    sms: { version: version("sms"), at: "1900-01-01T00:00:00.000Z" },
  },
})
const email = () => `${token(64)}@${token(63)}.${token(63)}.${token(56)}.com`
const phone = "+1 (914) 555-0100 ext. 1234".padEnd(30, ".")
const pests = () => Array.from({ length: MAX_PESTS }, () => heavy(PEST_NAME_MAX_LENGTH))

/** Each kind of request with every field at its maximum. */
const MAXIMUM: Record<string, () => { fn: string; calls: Array<Record<string, unknown>> }> = {
  contact: () => ({
    fn: "process-contact",
    calls: [{ ...bodies.contact(), name: heavy(120), email: email(), phone, message: heavy(5_000), ...origin() }],
  }),
  booking: () => ({
    fn: "process-simple-lead",
    calls: [
      {
        ...bodies.booking(),
        fullName: heavy(120),
        email: email(),
        phone,
        streetAddress: heavy(200),
        city: heavy(100),
        zipCode: "10583-1234",
        specialOffer: heavy(200),
        ...origin(),
      },
    ],
  }),
  callback: () => ({
    fn: "process-simple-lead",
    calls: [
      {
        ...bodies.callback(),
        full_name: heavy(120),
        email: email(),
        phone,
        street_address: heavy(200),
        city: heavy(100),
        notes: heavy(2_000),
        pests: pests(),
        special_offer: heavy(200),
        utm_source: heavy(200),
        utm_campaign: heavy(200),
        utm_term: heavy(200),
        ...origin(),
      },
    ],
  }),
  wizard: () => {
    const fields = {
      fullName: heavy(120),
      firstName: heavy(60),
      lastName: heavy(60),
      email: email(),
      phone,
      streetAddress: heavy(200),
      city: heavy(100),
      zipCode: "10583-1234",
      pests: pests(),
      ...origin(),
    }
    const lead = { ...bodies.estimateLead(), ...fields }
    const request = { ...bodies.estimateRequest(), ...fields, submissionId: lead.submissionId, accountId: token(64) }
    return { fn: "wizard", calls: [lead, request, request] }
  },
}
const WIZARD = ["process-simple-lead", "process-estimate", "send-estimate-confirmation"]

/** Bytes in every public table: as stored (pg_column_size: compressed, TOASTed) and as text (octet_length). */
async function tableBytes(): Promise<Map<string, { stored: number; text: number }>> {
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  )
  const byTable = new Map<string, string[]>()
  for (const { table_name, column_name } of columns)
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name])
  const sizes = new Map<string, { stored: number; text: number }>()
  for (const [table, names] of byTable) {
    const stored = names.map((c) => `coalesce(pg_column_size("${c}"), 0)`).join(" + ")
    const text = names.map((c) => `coalesce(octet_length("${c}"::text), 0)`).join(" + ")
    const [row] = await db.query<{ stored: number; text: number }>(
      `select coalesce(sum(${stored}), 0)::int as stored, coalesce(sum(${text}), 0)::int as text from public."${table}"`,
    )
    sizes.set(table, row!)
  }
  return sizes
}

const figures: string[] = []
afterAll(() => {
  console.log(`Bytes one request stores at the maximum:\n${figures.join("\n")}`)
})

test.each(Object.keys(MAXIMUM))("a maximum-size %s request stores a bounded number of bytes", async (kind) => {
  const { fn, calls } = MAXIMUM[kind]!()
  let worst = { stored: 0, text: 0, by: "" }
  for (const [i, body] of calls.entries()) {
    const name = fn === "wizard" ? WIZARD[i]! : fn
    const json = JSON.stringify(body)
    expect(new TextEncoder().encode(json).length).toBeLessThanOrEqual(MAX_BODY_BYTES)
    const before = await tableBytes()
    const response = await post(app, name, json)
    expect([name, response.status, response.status === 200 ? "" : await response.clone().text()]).toEqual([
      name,
      200,
      "",
    ])
    const after = await tableBytes()
    const grown = [...after].map(([table, size]) => ({
      table,
      stored: size.stored - (before.get(table)?.stored ?? 0),
      text: size.text - (before.get(table)?.text ?? 0),
    }))
    const total = grown.reduce((sum, g) => ({ stored: sum.stored + g.stored, text: sum.text + g.text }), {
      stored: 0,
      text: 0,
    })
    const detail = grown
      .filter((g) => g.text > 0)
      .map((g) => `${g.table} ${g.text}`)
      .join(", ")
    figures.push(
      `  ${kind} (${name}): ${total.text} bytes of text, ${total.stored} bytes stored (${detail}); body ${json.length} chars`,
    )
    if (total.text > worst.text) worst = { ...total, by: name }
  }
  const { rateLimitMax, rateLimitWindowSeconds, rateLimitNetworkFactors } = testConfig().spam
  const perDay = (rateLimitMax * 86_400) / rateLimitWindowSeconds
  const megabytes = (n: number) => `${(n / 1e6).toFixed(0)} MB`
  figures.push(
    `  ${kind}: worst request ${worst.by}: ${worst.text} B of text, ${worst.stored} B on disk; a day at the rate limit ` +
      `(${perDay} requests from one address): ${megabytes(worst.text * perDay)} (${megabytes(worst.stored * perDay)} on disk), ` +
      `from one /48 (${rateLimitNetworkFactors["ipv6/48"]}x): ${megabytes(worst.text * perDay * rateLimitNetworkFactors["ipv6/48"])}`,
  )
  // 149 KB before the notice cut its campaign values; the visitor's own confirmation added
  // 6 KB, with excerpts of their words (200 characters each): a new copy of the visitor's text would fail this.
  expect(worst.text).toBeLessThan(120_000)
})
