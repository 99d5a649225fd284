/** The local mailbox of the backend the browser tests run against. */
export interface LocalMail {
  to_address: string
  subject: string
  text_body: string
}

/**
 * Waits for an e-mail to `address` whose subject matches. The worker is woken on commit, so it is
 * normally there within a second; the ceiling only turns a lost e-mail into a clear message, and is
 * far above what a loaded machine needs.
 */
export async function mailTo(address: string, subject: RegExp, timeoutMs = 45_000): Promise<LocalMail> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const messages = (await (await fetch(`${process.env.E2E_API_URL}/_dev/mail.json`)).json()) as LocalMail[]
    const found = messages.find((m) => m.to_address === address && subject.test(m.subject))
    if (found) return found
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no e-mail to ${address} matching ${subject}`)
}

/** An SMS or chat alert on the local alerts page. */
export interface LocalAlert {
  channel: "sms" | "chat"
  to_address: string
  body: string
}

/** Waits for an alert on the local alerts page whose text matches (the worker is woken on commit). */
export async function alertWith(channel: "sms" | "chat", text: RegExp, timeoutMs = 45_000): Promise<LocalAlert> {
  const deadline = Date.now() + timeoutMs
  let alerts: LocalAlert[] = []
  while (Date.now() < deadline) {
    alerts = (await (await fetch(`${process.env.E2E_API_URL}/_dev/alerts.json`)).json()) as LocalAlert[]
    const found = alerts.find((a) => a.channel === channel && text.test(a.body))
    if (found) return found
    await new Promise((r) => setTimeout(r, 200))
  }
  // What the page had instead, so a miss (a budget reached, a summary sent instead) reads from the message.
  const seen = alerts.filter((a) => a.channel === channel)
  const last = seen.slice(-3).map((a) => a.body.slice(0, 120))
  throw new Error(`no ${channel} alert matching ${text} among ${seen.length}; the last: ${JSON.stringify(last)}`)
}

/** The token of an office link (`…/office/<page>/#t=<token>`) in a text. */
export const linkToken = (text: string, page: "acknowledge" | "release" | "confirm" | "board") =>
  new RegExp(`/office/${page}/#t=([A-Za-z0-9._-]+)`).exec(text)?.[1] ?? ""
