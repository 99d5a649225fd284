/** data/lead-messages.yaml: what the functions answer, e-mail and alert. */
import { type InferType } from "yup"
import { isGsm7, nonGsm7 } from "../../supabase/functions/_shared/kernel/gsm7"
import { text, textList, strictObject } from "./fields"

/** Text an alert SMS carries: GSM-7 only, since one other character makes every SMS UCS-2 (2-3 times the segments). */
const smsText = () =>
  text().test(
    "gsm7",
    ({ path, value }: { path: string; value: unknown }) =>
      `${path} must use only GSM-7 characters in an SMS (plain quotes, "-" and "..." instead of typographic ones); not: ${nonGsm7(String(value)).join(" ")}`,
    // A missing text is required()'s to report.
    (value: unknown) => typeof value !== "string" || isGsm7(value),
  )

export const leadMessagesSchema = strictObject({
  responses: strictObject({
    contact: text(),
    estimateLead: text(),
    estimateRequest: text(),
    estimateConfirmation: text(),
    booking: text(),
    callback: text(),
  }),
  turnstile: strictObject({
    label: text(),
    description: text(),
    missing: text(),
    failed: text(),
    unavailable: text(),
    notLoaded: text(),
  }),
  // The row labels of the company's notice and the customer's confirmation (supabase/functions/_shared/mail/templates.ts).
  emailRows: strictObject({
    name: text(),
    phone: text(),
    email: text(),
    message: text(),
    property: text(),
    servicePlan: text(),
    pests: text(),
    additionalPests: text(),
    address: text(),
    offer: text(),
    notes: text(),
    campaign: text(),
    reference: text(),
    yes: text(),
    no: text(),
  }),
  companyEmail: strictObject({
    contactSubject: text(),
    leadSubject: text(),
    intro: text(),
    kindLabels: strictObject({ contact: text(), estimate: text(), booking: text(), callback: text() }),
    origin: strictObject({
      heading: text(),
      firstTouch: text(),
      lastTouch: text(),
      none: text(),
      // One label per field of a touch (supabase/functions/_shared/kernel/attribution.ts).
      touchLabels: strictObject({
        utm_source: text(),
        utm_medium: text(),
        utm_campaign: text(),
        utm_term: text(),
        utm_content: text(),
        gclid: text(),
        gbraid: text(),
        wbraid: text(),
        fbclid: text(),
        msclkid: text(),
        referrer: text(),
        landing_path: text(),
        at: text(),
      }),
    }),
    consent: strictObject({
      heading: text(),
      agreed: text(),
      version: text(),
      at: text(),
      sms: text(),
      smsYes: text(),
      smsNo: text(),
      none: text(),
    }),
  }),
  // One label per flag code (supabase/functions/_shared/lead-flags.ts' LEAD_FLAG_CODES).
  flags: strictObject({
    heading: text(),
    note: text(),
    labels: strictObject({
      unknown_value: text(),
      origin_not_allowed: text(),
      apikey_mismatch: text(),
      turnstile_unverified: text(),
      time_out_of_range: text(),
    }),
  }),
  customerEmail: strictObject({
    estimateSubject: text(),
    estimateIntro: text(),
    estimateNextSteps: textList(),
    bookingSubject: text(),
    bookingIntro: text(),
    bookingNextSteps: textList(),
    signOff: text(),
  }),
  officeAlerts: strictObject({
    // smsText: an SMS carries it (with the visitor's words transliterated to GSM-7 around it).
    newSubject: smsText(),
    escalatedSubject: smsText(),
    escalatedNote: smsText(),
    intro: text(),
    acknowledgeLabel: smsText(),
    inboxName: text(),
    callLabel: text(),
    rowLabels: strictObject({
      request: smsText(),
      phone: smsText(),
      source: smsText(),
      received: text(),
      reference: text(),
    }),
    sources: strictObject({
      website_estimate: smsText(),
      scarsdale_49_offer: smsText(),
      offer_callback: smsText(),
      contact: smsText(),
    }),
    summarySubject: smsText(),
    summaryIntro: text(),
    summaryMore: smsText(),
    acknowledgeAllLabel: smsText(),
    budgetSummary: smsText(),
    budgetChannels: strictObject({ sms: smsText(), chat: smsText() }),
    budgetWindows: strictObject({ hour: text(), day: text() }),
    budgetSubject: text(),
    budgetIntro: text(),
    spamDigestSubject: text(),
    spamDigestIntro: text(),
    notSpamLabel: text(),
    spamFloodsHeading: text(),
    spamFloodLabel: text(),
    spamFloodValue: text(),
    spamFloodKept: text(),
    spamMoreHeading: text(),
    spamMoreNote: text(),
    spamMoreValue: text(),
    spamReasons: strictObject({
      honeypot: text(),
      too_fast: text(),
      impossible_fill_time: text(),
      turnstile_failed: text(),
    }),
    deadSubject: smsText(),
    deadIntro: text(),
    deadReannounced: smsText(),
    deadWhat: strictObject({
      alert_sms: smsText(),
      alert_chat: smsText(),
      alert_email: smsText(),
      company_email: smsText(),
      customer_email: smsText(),
      crm_forward: smsText(),
    }),
    deadRows: strictObject({ error: smsText(), message: text() }),
    linkAnswers: strictObject({ invalid: text(), expired: text(), notFound: text() }),
  }),
})

export type LeadMessages = InferType<typeof leadMessagesSchema>
