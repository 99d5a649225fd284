/**
 * The e-mail channel: the office's alerts by e-mail (delivery/email.ts: the Resend API, RESEND_API_KEY,
 * or the local mailbox), with the alerts' shorter timeout. It is the office's inbox: a contact no
 * other channel reaches is alerted at the office's address, it is not counted by the budget (every
 * lead is e-mailed and in the inbox), and when one of its alerts dies the other channels carry the
 * notice. The pipeline check checks it by its test e-mail (pipeline-check/run-check.ts).
 */
import { randomUUID } from "node:crypto"
import { alertEmail, summaryEmail } from "../../alerts/messages.ts"
import { sendEmail, sendOfficeEmail } from "../../delivery/email.ts"
import { LEAD_MESSAGES } from "../../kernel/site-data.generated.ts"
import { failureEmail } from "../../pipeline-check/check-texts.ts"
import { defineChannel } from "../channel.ts"

export const email = defineChannel({
  name: "email",
  kind: "alert_email",
  label: LEAD_MESSAGES.pipelineCheck.channels.email,
  deadWhat: LEAD_MESSAGES.officeAlerts.deadWhat.alert_email,
  // Sent again without reply_to when the API refuses that.
  requests: 2,
  inbox: true,
  on: (config) => Boolean(config.mail.resendApiKey || config.mail.localMailbox),
  reach: (contact) => contact.email,
  alert: (view, to, config, at) => ({ ...alertEmail(view, to, config.mail.from, at) }),
  summary: (summary, to, config) => ({ ...summaryEmail(summary, to, config.mail.from) }),
  deliver: sendOfficeEmail,
  failureNotice: {
    // To the office's inbox, and the owner's when it is another.
    send: async (view, deps) => {
      const { mail, alerts } = deps.config
      for (const to of new Set([mail.companyTo, alerts.owner.email ?? mail.companyTo]))
        await sendEmail(
          { id: randomUUID(), payload: { ...failureEmail(view, to, mail.from) }, attempts: 0 },
          deps,
          alerts.timeoutMs,
        )
    },
  },
})
