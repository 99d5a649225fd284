/** @jest-environment node */
/**
 * X-Twilio-Signature (twilio/signature.ts) against the official `twilio` package's own validator, the
 * reference: for each payload, the signature we compute is one Twilio's validateRequest accepts, ours
 * accepts the one Twilio's getExpectedTwilioSignature computes, and any change to the URL, a parameter
 * or the token is refused.
 */
import twilio from "twilio"
import {
  formParams,
  isTwilioSigned,
  signedText,
  twilioSignature,
  type FormParams,
} from "../../supabase/functions/_shared/twilio/signature"

const TOKEN = "12345678901234567890123456789012"
const URL_BASE = "https://abcdefgh.supabase.co/functions/v1/receive-text"

/** The parameters as an Express body parser hands them to Twilio's validator: a repeated name's values as an array. */
const asTwilioParams = (params: FormParams): Record<string, string | string[]> =>
  Object.fromEntries([...params].map(([name, values]) => [name, values.length === 1 ? (values[0] ?? "") : [...values]]))

const form = (pairs: ReadonlyArray<readonly [string, string]>) =>
  new URLSearchParams(pairs.map(([name, value]) => [name, value])).toString()

const PAYLOADS: ReadonlyArray<{ name: string; url: string; body: string }> = [
  {
    name: "an inbound text",
    url: URL_BASE,
    body: form([
      ["MessageSid", "SM0123456789abcdef0123456789abcdef"],
      ["AccountSid", "AC0123456789abcdef0123456789abcdef"],
      ["From", "+19145550100"],
      ["To", "+19145550123"],
      ["Body", "Can you come at 3 instead?"],
      ["NumMedia", "0"],
    ]),
  },
  {
    name: "unicode in the body (Spanish, an emoji, a non-BMP character)",
    url: URL_BASE,
    body: form([
      ["MessageSid", "SM1"],
      ["Body", "¿Pueden venir mañana? Gracias 🙏 𝔸"],
      ["FromCity", "SÃO PAULO"],
    ]),
  },
  {
    name: "a repeated name, values out of order and one twice",
    url: URL_BASE,
    body: form([
      ["MediaUrl", "https://api.twilio.com/b"],
      ["MediaUrl", "https://api.twilio.com/a"],
      ["MediaUrl", "https://api.twilio.com/b"],
      ["Body", "photos"],
    ]),
  },
  {
    name: "empty values",
    url: URL_BASE,
    body: form([
      ["Body", ""],
      ["FromZip", ""],
      ["MessageSid", "SM2"],
    ]),
  },
  {
    name: "a URL with a query, and names that sort by case",
    url: `${URL_BASE}?lang=es&campaign=google%20ads`,
    body: form([
      ["b", "1"],
      ["B", "2"],
      ["a", "3"],
      ["Body", "STOP"],
    ]),
  },
  { name: "no parameters at all", url: URL_BASE, body: "" },
]

describe.each(PAYLOADS)("$name", ({ url, body }) => {
  const params = formParams(body)

  test("Twilio's own validateRequest accepts our signature", async () => {
    const signature = await twilioSignature(TOKEN, url, params)
    expect(twilio.validateRequest(TOKEN, signature, url, asTwilioParams(params))).toBe(true)
  })

  test("we accept the signature Twilio's package computes", async () => {
    const theirs = twilio.getExpectedTwilioSignature(TOKEN, url, asTwilioParams(params))
    expect(await twilioSignature(TOKEN, url, params)).toBe(theirs)
    await expect(isTwilioSigned(TOKEN, url, params, theirs)).resolves.toBe(true)
  })

  test("another token, URL or parameter is refused", async () => {
    const signature = await twilioSignature(TOKEN, url, params)
    await expect(isTwilioSigned(`${TOKEN}x`, url, params, signature)).resolves.toBe(false)
    await expect(isTwilioSigned(TOKEN, `${url}x`, params, signature)).resolves.toBe(false)
    const changed = new Map(params)
    changed.set("Injected", ["1"])
    await expect(isTwilioSigned(TOKEN, url, changed, signature)).resolves.toBe(false)
    expect(twilio.validateRequest(TOKEN, signature, url, asTwilioParams(changed))).toBe(false)
  })
})

test("a repeated name's values are signed sorted and each once, after the names sorted by code unit", () => {
  const params = formParams("z=1&MediaUrl=b&MediaUrl=a&MediaUrl=b&A=")
  expect(signedText("https://x.test/f", params)).toBe("https://x.test/fAMediaUrlaMediaUrlbz1")
})

test("no token, no header or a wrong one verifies nothing", async () => {
  const params = formParams("Body=hi")
  const signature = await twilioSignature(TOKEN, URL_BASE, params)
  await expect(isTwilioSigned(undefined, URL_BASE, params, signature)).resolves.toBe(false)
  await expect(isTwilioSigned("", URL_BASE, params, signature)).resolves.toBe(false)
  await expect(isTwilioSigned(TOKEN, URL_BASE, params, undefined)).resolves.toBe(false)
  await expect(isTwilioSigned(TOKEN, URL_BASE, params, signature.slice(0, -2))).resolves.toBe(false)
  await expect(isTwilioSigned(TOKEN, URL_BASE, params, "")).resolves.toBe(false)
})
