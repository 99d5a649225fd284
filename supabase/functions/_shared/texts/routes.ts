/**
 * The inbound-text webhook as a route (receive-text): Twilio's signature first (403 without it), then
 * Twilio's parameters (400 for a post no inbound message is; an empty answer for a number not ours),
 * then the text stored once and answered (texts/inbound.ts). Answers are TwiML. No number is logged.
 * Beside it the status callback of the texts we send (sms-status, texts/delivery-status.ts), signed alike.
 */
import { Hono, type Context } from "hono"
import { STATUS_FUNCTION, TEXT_FUNCTION } from "../functions.ts"
import type { AppContext, Env } from "../http/context.ts"
import { checkTwilioWebhook } from "../twilio/webhook.ts"
import { EMPTY_TWIML, TWIML_TYPE } from "../twilio/twiml.ts"
import { keepStatus, readStatus } from "./delivery-status.ts"
import { readInbound, receiveText } from "./inbound.ts"
import { keepReply } from "./replies.ts"

const twiml = (c: Context, xml: string) => c.body(xml, 200, { "Content-Type": TWIML_TYPE })

export function textRoutes(ctx: AppContext) {
  const { db, config, clock, wake } = ctx
  return (
    new Hono<Env>()
      .post(`/${TEXT_FUNCTION}`, async (c) => {
        const checked = await checkTwilioWebhook(c, config.texts, TEXT_FUNCTION)
        if (!checked.ok) return c.json({ success: false, error: checked.error }, checked.status)
        const read = readInbound(checked.params, config)
        if (!read.ok)
          return read.status === 400 ? c.json({ success: false, error: read.error }, 400) : twiml(c, EMPTY_TWIML)
        const received = await receiveText(db, config, read.text, clock(), async (tx, text, at) => {
          await keepReply(tx, config, text, at)
        })
        // What a reply queued for the office goes out now.
        if (received.fresh) wake()
        return twiml(c, received.twiml)
      })
      // A text's later state (sms-status): kept once and in order; a SID we never sent is answered and forgotten.
      .post(`/${STATUS_FUNCTION}`, async (c) => {
        const checked = await checkTwilioWebhook(c, config.texts, STATUS_FUNCTION)
        if (!checked.ok) return c.json({ success: false, error: checked.error }, checked.status)
        const read = readStatus(checked.params)
        if (!read.ok) return c.json({ success: false, error: read.error }, 400)
        const outcome = await keepStatus(db, config, read.report, clock())
        // The office's notice of a text that never arrived goes out now.
        if (outcome === "not-delivered") wake()
        return twiml(c, EMPTY_TWIML)
      })
  )
}
