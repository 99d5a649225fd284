/**
 * An on-call person who texted STOP (or PARAR…) to our number gets no alert SMS until they text START:
 * each one would fail (Twilio's 21610, our own send-time check), and each failure would be a dead-alert
 * notice. So the rotation is built without their SMS channel: their chat and e-mail still alert them (and
 * one with no other channel is alerted through the office's inbox, as deliveries() does for anyone), and
 * the office is told once per opt-out, by e-mail, that their texts are off until they text START.
 */
import type { BackendConfig } from "../config.ts"
import type { Db } from "../db.ts"
import type { NewJob } from "../outbox/queue.ts"
import { optOutsOf } from "../texts/opt-outs.ts"
import { smsOptedOutEmail } from "./messages.ts"
import type { OnCallContact } from "./on-call.ts"

/** The rotation as it may be texted, and the office's notices of whoever is left out of SMS (one per opt-out). */
export interface TextableRotation {
  contacts: OnCallContact[]
  notices: NewJob[]
}

/**
 * `contacts` with the SMS channel left out for each number that opted out of our texts (in one read),
 * and the office's e-mail saying so: keyed by the contact and the opt-out's time, so the same opt-out is
 * told once however many rotations are built, and a later STOP (after a START) is told again.
 */
export async function textableRotation(
  db: Pick<Db, "query">,
  config: BackendConfig,
  contacts: readonly OnCallContact[],
): Promise<TextableRotation> {
  const numbers = contacts.flatMap((c) => (c.sms ? [c.sms] : []))
  const optOuts = await optOutsOf(db, numbers)
  if (optOuts.size === 0) return { contacts: [...contacts], notices: [] }
  const notices: NewJob[] = []
  const kept = contacts.map((contact): OnCallContact => {
    const optOut = contact.sms ? optOuts.get(contact.sms) : undefined
    if (!optOut) return contact
    notices.push({
      kind: "company_email",
      dedupeKey: `sms-opted-out:${contact.name}:${optOut.at.toISOString()}`,
      payload: smsOptedOutEmail({ name: contact.name, ...optOut }, config.mail.companyTo, config.mail.from),
    })
    const { sms: _leftOut, ...others } = contact
    return others
  })
  return { contacts: kept, notices }
}
