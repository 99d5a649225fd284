/**
 * What the inbound-text tests share: a text as Twilio posts it to receive-text, signed by the official
 * `twilio` package (the reference for what Twilio sends), and the numbers the tests text from and to.
 */
import { randomBytes } from "node:crypto"
import twilio from "twilio"
import type { createApp } from "../../supabase/functions/_shared/app"
import type { Db } from "../../supabase/functions/_shared/db"
import { TWILIO_FROM } from "./alert-rig"
import { fakeServer, fakeTwilio, type FakeServer, type FakeTwilio } from "./fake-servers"
import { withFreshDb } from "./helpers"

export const WEBHOOK_BASE = "https://project-ref.supabase.co/functions/v1"
export const TEXT_URL = `${WEBHOOK_BASE}/receive-text`
export const CUSTOMER = "+19145550142"

/** A fresh MessageSid: SM and 32 hex digits, as Twilio's. */
export const messageSid = () => `SM${randomBytes(16).toString("hex")}`

/** The settings that make the app check Twilio's signature over its public URL (with alertEnv's auth token). */
export const TEXT_ENV = { TWILIO_WEBHOOK_BASE_URL: WEBHOOK_BASE }

export interface TextPost {
  /** The form's parameters; MessageSid, From and To are filled in unless given (or given as null: left out). */
  params?: Readonly<Record<string, string | null>>
  /** The token it is signed with, the URL it is signed over, and the URL it is posted to. */
  token: string
  signedUrl?: string
  postedUrl?: string
  /** A signature of its own instead (none: no header). */
  signature?: string | null
  headers?: Readonly<Record<string, string>>
}

/** The body of a text Twilio posts: `body` from `from` to our number, with a MessageSid. */
export const textParams = (body: string, from = CUSTOMER, sid = messageSid()) => ({
  MessageSid: sid,
  AccountSid: `AC${"0".repeat(32)}`,
  From: from,
  To: TWILIO_FROM,
  Body: body,
  NumMedia: "0",
})

/** Posts a text to receive-text as Twilio does: form-encoded, signed with the `twilio` package's own signer. */
export async function postText(app: ReturnType<typeof createApp>, post: TextPost): Promise<Response> {
  const entries = Object.entries(post.params ?? textParams("hello")).flatMap(([name, value]) =>
    value === null ? [] : [[name, value] as const],
  )
  const signedUrl = post.signedUrl ?? TEXT_URL
  const signature =
    post.signature === undefined
      ? twilio.getExpectedTwilioSignature(post.token, signedUrl, Object.fromEntries(entries))
      : post.signature
  return app.request(post.postedUrl ?? signedUrl, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(signature === null ? {} : { "x-twilio-signature": signature }),
      ...post.headers,
    },
    body: new URLSearchParams(entries.map(([name, value]) => [name, value])).toString(),
  })
}

/** The message a TwiML answer texts back, or null for an empty answer. */
export function messageOf(twiml: string): string | null {
  const match = /<Message>([\s\S]*)<\/Message>/.exec(twiml)
  return match?.[1] ?? null
}

/**
 * A fresh database and a fake Twilio and chat server for each test (closed after it); `use` receives them
 * once open, to keep them.
 */
export function withTextProviders(use: (db: Db, providers: { twilio: FakeTwilio; chat: FakeServer }) => void): void {
  let providers: { twilio: FakeTwilio; chat: FakeServer } | undefined
  withFreshDb(
    async (fresh) => {
      providers = { twilio: await fakeTwilio(), chat: await fakeServer([200]) }
      use(fresh, providers)
    },
    { each: true },
  )
  afterEach(async () => {
    await Promise.all([providers?.twilio.close(), providers?.chat.close()])
  })
}
