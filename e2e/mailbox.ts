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
