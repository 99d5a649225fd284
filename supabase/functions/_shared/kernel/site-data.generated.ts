// Generated from data/site.yaml, estimate-options.yaml, pests/*.yaml, lead-messages.yaml (with scarsdale-offer.yaml's
// amounts and response-promises.yaml's promises), lead-consent.yaml, response-promises.yaml and arrival-windows.yaml
// by the build and `npm run generate:backend-data`. Do not edit.
import type { Language } from "./languages.ts"
import type { Widened } from "./widened.ts"

export const COMPANY = {
  "name": "Westchester Family Pest Control",
  "phone": {
    "display": "(914) 555-0123",
    "e164": "+19145550123"
  },
  "email": "info@westchesterfamilypest.example",
  "address": {
    "street": "120 Mamaroneck Avenue, Suite 4",
    "city": "White Plains",
    "region": "NY",
    "postalCode": "10601",
    "country": "US"
  },
  "licenseNumber": "NYS DEC Commercial Pesticide Business Registration #15234",
  "hoursText": "Mon–Fri 8am–6pm · Sat 9am–4pm · Sun 9am–1pm",
  "hours": [
    {
      "days": [
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday"
      ],
      "opens": "08:00",
      "closes": "18:00"
    },
    {
      "days": [
        "Saturday"
      ],
      "opens": "09:00",
      "closes": "16:00"
    },
    {
      "days": [
        "Sunday"
      ],
      "opens": "09:00",
      "closes": "13:00"
    }
  ],
  "closedDates": [
    {
      "date": "2026-11-26",
      "name": "Thanksgiving"
    },
    {
      "date": "2026-12-24",
      "name": "Christmas Eve",
      "opens": "08:00",
      "closes": "12:00"
    },
    {
      "date": "2026-12-25",
      "name": "Christmas Day"
    },
    {
      "date": "2027-01-01",
      "name": "New Year's Day"
    },
    {
      "date": "2027-05-31",
      "name": "Memorial Day"
    },
    {
      "date": "2027-07-04",
      "name": "Independence Day"
    },
    {
      "date": "2027-07-05",
      "name": "Independence Day (observed)"
    },
    {
      "date": "2027-09-06",
      "name": "Labor Day"
    },
    {
      "date": "2027-11-25",
      "name": "Thanksgiving"
    },
    {
      "date": "2027-12-24",
      "name": "Christmas Day (observed)"
    },
    {
      "date": "2027-12-25",
      "name": "Christmas Day"
    }
  ],
  "timeZone": "America/New_York",
  "sameDayCutoffHour": 12,
  "sameDayDays": [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday"
  ],
  "leadValues": {
    "currency": "USD",
    "contact": 50,
    "estimate": 150
  }
} as const

export const ESTIMATE_OPTIONS = {
  "propertyTypes": [
    {
      "id": "single-family-small",
      "label": "Single-Family Home (up to 3BR)"
    },
    {
      "id": "single-family-large",
      "label": "Single-Family Home (4-5BR)"
    },
    {
      "id": "multi-family",
      "label": "Multi-Family Home"
    },
    {
      "id": "townhouse-condo",
      "label": "Townhouse/Condo"
    },
    {
      "id": "apartment",
      "label": "Apartment"
    }
  ],
  "servicePlans": [
    {
      "id": "ez-one",
      "name": "EZ-One",
      "badge": "MOST POPULAR",
      "annual": false
    },
    {
      "id": "c-are",
      "name": "C•ARE",
      "badge": "BEST VALUE",
      "annual": true
    },
    {
      "id": "c-are-plus",
      "name": "C•ARE+",
      "badge": "COMPLETE CARE",
      "annual": true
    },
    {
      "id": "c-aremax",
      "name": "C•AREMAX",
      "badge": "MAXIMUM PROTECTION",
      "annual": true
    }
  ],
  "pests": [
    "Ants",
    "Roaches",
    "Spiders",
    "Centipedes",
    "Silverfish",
    "Mosquitos",
    "Fleas",
    "Ticks",
    "Wasps",
    "Bed Bugs",
    "Bees",
    "Termites",
    "Rodents"
  ],
  "specialTreatmentPests": [
    "Fleas",
    "Bed Bugs",
    "Bees",
    "Termites"
  ],
  "additionalPests": [
    {
      "value": 0,
      "label": "None"
    },
    {
      "value": 1,
      "label": "1-2"
    },
    {
      "value": 2,
      "label": "3+"
    }
  ],
  "sameDay": {
    "label": "Same-day QUICK-KNOCK service",
    "priceNote": "+$75"
  },
  "quickKnock": {
    "label": "Quick Knock-down treatment",
    "priceNote": "−$50"
  },
  "validityHours": 48
} as const

export const LEAD_MESSAGES = {
  "responses": {
    "contact": "Thank you, {firstName}! Your message has been sent. We'll get back to you within 24 hours. Your reference is {reference}.",
    "estimateLead": "Your request has been recorded. We'll contact you within 24 hours with your custom estimate.",
    "estimateRequest": "Your estimate request has been sent to our scheduling team.",
    "estimateConfirmation": "We're e-mailing your estimate details to {email}.",
    "estimateNotEmailed": "We could not e-mail your estimate details to {email}; we'll give them to you when we call.",
    "booking": "Your $49 visit has been booked! We'll call you within 24 hours.",
    "callback": "We'll call you within 5-10 minutes during business hours."
  },
  "turnstile": {
    "label": "Anti-spam check",
    "description": "Cloudflare checks that you are a person. It usually finishes by itself; if it asks, check the box.",
    "missing": "Please complete the anti-spam check.",
    "failed": "The anti-spam check failed. Please try again.",
    "unavailable": "We could not run the anti-spam check just now. Please try again in a moment.",
    "notLoaded": "The anti-spam check could not load. Please reload the page, or call us."
  },
  "fieldErrors": {
    "fieldNames": {
      "name": "your name",
      "message": "a message",
      "fullName": "your full name",
      "streetAddress": "your street address",
      "city": "your city",
      "firstName": "a first name",
      "lastName": "last name",
      "propertyAddress": "the property address",
      "offerCity": "the city",
      "offer": "the offer"
    },
    "enter": "Please enter {field}",
    "tooLong": "{field} must be at most {max} characters",
    "textTooLong": "Must be at most {max} characters",
    "phoneRequired": "Please enter your phone number",
    "phoneTooLong": "Phone number is too long",
    "phoneDigits": "Please enter a phone number with at least 10 digits",
    "emailRequired": "Please enter your email address",
    "emailInvalid": "Please enter a valid email address",
    "emailTooLong": "Email address is too long",
    "pestsRequired": "Please choose at least one pest",
    "pestsTooMany": "Please choose at most {max} pests",
    "pestsRepeated": "Each pest may be chosen once",
    "pestName": "Must be a pest's name",
    "zipRequired": "Please enter your ZIP code",
    "zipInvalid": "Please enter a 5-digit ZIP code",
    "stateRequired": "Please enter your state",
    "stateInvalid": "Please enter a 2-letter state code",
    "propertyTypeRequired": "Please choose a property type",
    "servicePlanRequired": "Please choose a service plan",
    "emailSuggestion": "Did you mean {address}?",
    "invalid": "Please check this field"
  },
  "emailRows": {
    "name": "Name",
    "phone": "Phone",
    "email": "Email",
    "message": "Message",
    "property": "Property",
    "servicePlan": "Service plan",
    "pests": "Pests",
    "additionalPests": "Additional pest concerns",
    "address": "Address",
    "offer": "Offer",
    "notes": "Notes",
    "campaign": "Campaign",
    "reference": "Reference",
    "promised": "We'll answer",
    "promisedOffice": "Promised",
    "promisedValue": "{promise}, by {deadline}",
    "yes": "Yes ({note})",
    "no": "No"
  },
  "companyEmail": {
    "contactSubject": "New website message from {name}",
    "leadSubject": "New {kindLabel} from {name}",
    "intro": "A new request came in through the website. The visitor was promised an answer {promise}: by {deadline}.",
    "kindLabels": {
      "contact": "contact message",
      "estimate": "estimate request",
      "booking": "$49 Scarsdale booking",
      "callback": "offer callback request"
    },
    "origin": {
      "heading": "Where this lead came from",
      "firstTouch": "First visit",
      "lastTouch": "Last campaign visit",
      "none": "Not recorded (this lead was sent before the website kept where leads come from).",
      "touchLabels": {
        "utm_source": "Source",
        "utm_medium": "Medium",
        "utm_campaign": "Campaign",
        "utm_term": "Term",
        "utm_content": "Content",
        "gclid": "Google Ads click id (gclid)",
        "gbraid": "Google Ads click id (gbraid)",
        "wbraid": "Google Ads click id (wbraid)",
        "fbclid": "Facebook click id (fbclid)",
        "msclkid": "Microsoft Ads click id (msclkid)",
        "referrer": "Referred by",
        "landing_path": "Landing page",
        "at": "When"
      }
    },
    "consent": {
      "heading": "Consent",
      "agreed": "Agreed to",
      "version": "Version",
      "at": "Agreed at",
      "sms": "Text messages",
      "smsYes": "Yes: version {version}, agreed at {at}",
      "smsNo": "No",
      "none": "Not recorded (this lead was sent before the website kept consent)."
    },
    "prefersLanguage": "Prefers {language}: call back in {language}.",
    "languageRow": "Language"
  },
  "flags": {
    "heading": "Check this lead",
    "note": "It is stored and was sent on as usual, but the website could not check or did not know the following.",
    "labels": {
      "unknown_value": "Not in the functions' lists (site and functions deployed from different data)",
      "origin_not_allowed": "Sent from a page address not in ALLOWED_ORIGINS",
      "apikey_mismatch": "Sent without the project's public key",
      "turnstile_unverified": "The anti-spam check could not vouch for it",
      "time_out_of_range": "The visitor's clock is wrong (our receipt time is used)",
      "check_header_invalid": "Carried a pipeline-check header that did not verify, so it is treated as a real request",
      "customer_message_held": "Not sent to the visitor: past the customer messages' budget (call them instead)",
      "phone_unread": "The phone number could not be read as a valid number: call it as the visitor typed it",
      "phone_not_texted": "The visitor asked for a text confirmation but was not texted",
      "email_not_sendable": "The e-mail address cannot be sent to by our e-mail service: the visitor was not e-mailed",
      "email_likely_typo": "The e-mail address may have a typo (the visitor was shown the likely one)",
      "unknown_field": "A field the functions do not know (another site version); its value is kept with the lead",
      "unreadable_field": "A field sent empty, as another type or in another form; the value as sent is kept with the lead",
      "missing_field": "Not sent by the website (another site version)",
      "fill_time_unknown": "No usable form-filling time, so the bot check could not time it",
      "turnstile_reused": "Its anti-spam token was already used by another request"
    }
  },
  "customerEmail": {
    "estimateSubject": "Your free pest control estimate request",
    "estimateIntro": "Hi {firstName}, thank you for requesting a free estimate. Here is a summary of what you asked for.",
    "estimateNextSteps": [
      "We'll call you within 24 hours to go over your custom estimate and pricing breakdown.",
      "Together we'll schedule a free inspection and your first treatment.",
      "Your estimate is valid for 48 hours from your request."
    ],
    "bookingSubject": "Your $49 Scarsdale Starter Visit is booked",
    "bookingIntro": "Hi {firstName}, thank you for booking your $49 Scarsdale Starter Visit (a $389 value).",
    "bookingNextSteps": [
      "We'll call you within 24 hours to choose a time for your visit.",
      "Your technician will do a 30-point inspection (30-45 minutes) and treat for general household pests.",
      "Your visit is backed by our 30-day guarantee."
    ],
    "contactSubject": "We got your message (reference {reference})",
    "contactIntro": "Hi {firstName}, thank you for writing to us. Here is what you sent; we'll get back to you within 24 hours.",
    "contactNextSteps": [
      "We'll reply within 24 hours by phone or e-mail.",
      "Anything urgent? Call us at {phone}."
    ],
    "callbackSubject": "We got your request: {offer}",
    "callbackIntro": "Hi {firstName}, thank you for your request. We'll call you within 5-10 minutes during business hours.",
    "callbackNextSteps": [
      "We'll call you within 5-10 minutes during business hours at the number you gave us.",
      "On the call we'll answer your questions and choose a time for your visit."
    ],
    "referenceNote": "Your reference is {reference}: please mention it if you call us.",
    "signOff": "Questions? Call us at {phone}. We're open {hours}."
  },
  "customerSms": {
    "confirmation": "{company}: thank you, {firstName}. We got your request, reference {reference}. We'll be in touch {promise}. Questions: {phone}. Reply STOP to opt out, HELP for help."
  },
  "officeAlerts": {
    "newSubject": "New {kindLabel} from {name}",
    "escalatedSubject": "Still waiting: {kindLabel} from {name}",
    "escalatedNote": "Nobody has tapped \"I'm on it\" yet ({alerted} alerted). Please call back now.",
    "intro": "Tap \"I'm on it\" so the others know, then call back within minutes.",
    "acknowledgeLabel": "I'm on it",
    "inboxName": "Office inbox",
    "callLabel": "Call {name}",
    "rowLabels": {
      "request": "Request",
      "phone": "Phone",
      "source": "Came from",
      "received": "Received",
      "reference": "Reference",
      "promised": "Answer by"
    },
    "sources": {
      "website_estimate": "Estimate wizard",
      "scarsdale_49_offer": "$49 Scarsdale page",
      "offer_callback": "Offer page callback form",
      "contact": "Contact page"
    },
    "summarySubject": "{count} request(s) came in while the office was closed",
    "summaryIntro": "Oldest first. Tap \"I'm on it\" on each one as you call back.",
    "boardLabel": "Today's board: every request, who took it, what came of it",
    "summaryMore": "+{count} more in the e-mail",
    "acknowledgeAllLabel": "I'm on all {count}",
    "budgetSummary": "{count} more new request(s) since the {channel} alert limit was reached. See the office inbox.",
    "budgetChannels": {
      "sms": "SMS",
      "chat": "team-chat"
    },
    "budgetWindows": {
      "hour": "the last hour",
      "day": "the last 24 hours"
    },
    "budgetSubject": "{channel} alert limit reached: one summary every {minutes} minutes for now",
    "budgetIntro": "{used} {channel} alerts went out in {window}, the limit. Until fewer have, new requests come in one {channel} summary every {minutes} minutes instead of one alert each; every request is still stored and e-mailed. The limits are ALERT_SMS_PER_HOUR, ALERT_SMS_PER_DAY, ALERT_CHAT_PER_HOUR and ALERT_CHAT_PER_DAY.",
    "spamDigestSubject": "{count} submission(s) filed as spam: check for real customers",
    "spamDigestIntro": "Most likely real customers first. Each is kept for 30 days after this e-mail: if one is a real customer, open \"Not spam\" to send it through as a lead.",
    "notSpamLabel": "Not spam",
    "spamReasonLabel": "Filed as spam because",
    "spamReviewSubject": "{count} submission(s) filed as spam in the last minutes: check for real customers",
    "noName": "(no name)",
    "spamFloodsHeading": "Floods: one line per address and reason",
    "spamFloodLabel": "{count} from one address",
    "spamFloodValue": "{span}, {reason}",
    "spamFloodKept": "{kept} kept in full, names such as {names}",
    "spamMoreHeading": "Not in this e-mail",
    "spamMoreNote": "{count} more did not fit: the next digest lists them, most likely real customers first.",
    "spamMoreValue": "{count} more",
    "spamReasons": {
      "honeypot": "Filled in the hidden field (bot check)",
      "too_fast": "Sent faster than a person can type (bot check)",
      "impossible_fill_time": "Reported an impossible time in the form (bot check)",
      "turnstile_failed": "Failed Cloudflare's anti-spam check (bot check)"
    },
    "missedSubject": "Missed: nobody took the {kindLabel} from {name}",
    "missedNote": "Nobody tapped \"I'm on it\" after {alerts} alerts ({alerted}). Promised: an answer {promise}, by {deadline}. Call back now.",
    "releasedNote": "Filed as spam by mistake ({reason}) and released: sent {sentAt}, the visitor has waited {waited}. Call back first.",
    "releasedSms": "Released from spam: waited {waited}",
    "durations": {
      "minute": "{n} minute",
      "minutes": "{n} minutes",
      "hour": "{n} hour",
      "hours": "{n} hours",
      "day": "{n} day",
      "days": "{n} days"
    },
    "outcomes": {
      "reached": "Reached the customer",
      "left_message": "Left a message",
      "booked": "Booked a visit",
      "not_interested": "Not interested",
      "wrong_number": "Wrong number",
      "spam": "Spam"
    },
    "deadSubject": "Not delivered after {tries}: {what}",
    "deadIntro": "The outbox gave up on this message. Its content is below: please act on it by hand, and check the provider's settings.",
    "deadReannounced": "Its request is announced again as soon as an alert gets through.",
    "deadWhat": {
      "alert_sms": "SMS alert to {to}",
      "alert_chat": "team-chat alert",
      "alert_email": "e-mail alert to {to}",
      "company_email": "office e-mail",
      "customer_email": "e-mail to the customer {to}",
      "customer_sms": "SMS to the customer {to}",
      "crm_forward": "estimate forward to the CRM"
    },
    "deadRows": {
      "error": "Last error",
      "message": "Message"
    },
    "linkAnswers": {
      "invalid": "This link is not valid. It may have been cut short or changed. Open it again from the original message.",
      "expired": "This link has expired. Find the request in the office inbox instead.",
      "notFound": "This request is no longer stored.",
      "unknownName": "Choose your name from the list."
    },
    "languageNames": {
      "en": "English",
      "es": "Spanish"
    },
    "prefersLanguage": "Prefers {language}: call back in {language}"
  },
  "weeklyReport": {
    "subject": "Weekly report, {from} to {to}: {count} request(s), {booked} booked",
    "intro": "The week from Monday {from} to Sunday {to} ({timeZone}), each figure beside the week before in brackets. The week's requests are attached as a spreadsheet (CSV).",
    "compare": "{now} (week before: {before})",
    "rows": {
      "requests": "Requests",
      "booked": "Booked a visit",
      "value": "Value of the week's requests",
      "bookedValue": "Value of those booked",
      "missed": "Missed (nobody tapped \"I'm on it\")",
      "spamFiled": "Filed as spam",
      "spamReleased": "Released from spam",
      "dead": "Messages not delivered"
    },
    "timingHeading": "Time to the first alert and to \"I'm on it\"",
    "timingNote": "By when the request came in: in business hours or outside them. Median, and the time within which 90% were done.",
    "timingRows": {
      "alertInside": "First alert, in business hours",
      "alertOutside": "First alert, outside business hours",
      "ackInside": "\"I'm on it\", in business hours",
      "ackOutside": "\"I'm on it\", outside business hours"
    },
    "timingValue": "{median}, 90% within {p90} ({count})",
    "timingNone": "none",
    "seconds": "{n} s",
    "byForm": "By form",
    "byOffer": "By offer",
    "byFirstTouch": "By campaign, first touch (source / medium / campaign)",
    "byLastTouch": "By campaign, last touch (source / medium / campaign)",
    "byLanguage": "By language",
    "groupValue": "{count}: {outcomes}",
    "outcomeCount": "{outcome} {count}",
    "noOutcome": "no outcome yet",
    "none": "(none)",
    "others": "{groups} more",
    "csvFilename": "requests-{from}-to-{to}.csv",
    "csvColumns": {
      "reference": "Reference",
      "received": "Received",
      "form": "Form",
      "name": "Name",
      "phone": "Phone",
      "email": "E-mail",
      "offer": "Offer",
      "firstSource": "First touch source",
      "firstMedium": "First touch medium",
      "firstCampaign": "First touch campaign",
      "lastSource": "Last touch source",
      "lastMedium": "Last touch medium",
      "lastCampaign": "Last touch campaign",
      "firstAlerted": "First alerted",
      "acknowledgedBy": "Acknowledged by",
      "acknowledgedAt": "Acknowledged at",
      "outcome": "Outcome",
      "outcomeBy": "Outcome by",
      "note": "Note"
    }
  },
  "pipelineCheck": {
    "lead": {
      "fullName": "Pipeline Check",
      "offer": "Pipeline check (not a real request)"
    },
    "triggers": {
      "daily": "the daily check",
      "deploy": "the check after a deploy",
      "manual": "a check run by hand"
    },
    "testEmail": {
      "subject": "Pipeline check {reference}: e-mail works, no action needed",
      "heading": "The pipeline check's test e-mail",
      "intro": "This message is {trigger}: the test request {reference} went through the website's booking function at {time} and was stored apart from real requests. No customer, phone or CRM got anything. Nothing to do."
    },
    "failed": {
      "subject": "Pipeline check failed: {names}",
      "heading": "The pipeline check failed",
      "intro": "{trigger} at {time} found {count} problem(s). Until they are fixed, requests may not reach you: look at the board and the database for new ones, and answer them by phone.",
      "whatLabel": "What happened",
      "todoLabel": "What to do",
      "toldLabel": "Told by",
      "passedLabel": "Working",
      "sms": "{company}: pipeline check FAILED at {time}: {names}. What to do is in the {channels} message(s).",
      "smsAlone": "{company}: pipeline check FAILED at {time}: {problems}",
      "chat": "Pipeline check FAILED at {time} ({trigger}):"
    },
    "timedOutNotice": {
      "subject": "Pipeline check did not finish: started {time}",
      "intro": "The pipeline check started at {time} ({trigger}) never finished: its process stopped or hung. The outside switch got no ping for it. Run it again (npm run check:pipeline with PIPELINE_CHECK_URL, or wait for the next one); if it keeps stopping, look at the check-pipeline and dispatch-outbox logs on Supabase."
    },
    "channels": {
      "email": "e-mail",
      "sms": "SMS",
      "chat": "team chat"
    },
    "problems": {
      "lead": {
        "name": "The test request",
        "todo": "The booking function did not store the test request. Look at the logs of process-simple-lead (Supabase: Edge Functions, then Logs), then deploy the functions again (supabase functions deploy). A real visitor's request may fail the same way: their browser keeps it and sends it again."
      },
      "leadNotApart": {
        "name": "The test request's mark",
        "todo": "The function stored the test request as a real one: its signed header did not verify. Set the same PIPELINE_CHECK_SECRET (or IP_HASH_SALT) for every function (supabase secrets set), and ignore that one request."
      },
      "emailRefused": {
        "name": "E-mail (the e-mail API refused us)",
        "todo": "Make a new API key at Resend (API Keys) and set it: supabase secrets set RESEND_API_KEY=re_... Check that MAIL_FROM's domain is still verified there (Domains)."
      },
      "emailNotConfigured": {
        "name": "E-mail (not set up)",
        "todo": "No e-mail API is set, so no notice reaches the office inbox: supabase secrets set RESEND_API_KEY=re_... MAIL_FROM=..."
      },
      "emailNotDelivered": {
        "name": "E-mail (not delivered in time)",
        "todo": "The e-mail API did not take the test e-mail in time. Check Resend's status page and the key's limits; the outbox keeps trying, and the e-mails wait until it works."
      },
      "smsRefused": {
        "name": "SMS (Twilio refused our credentials)",
        "todo": "Check the Account SID and Auth Token (or the API key and secret) in the Twilio console and set them again: supabase secrets set TWILIO_ACCOUNT_SID=AC... TWILIO_AUTH_TOKEN=..."
      },
      "smsSender": {
        "name": "SMS (the sending number)",
        "todo": "TWILIO_FROM is not a number of this Twilio account: set it to one of the account's numbers (Phone Numbers, then Manage), or set TWILIO_MESSAGING_SERVICE_SID."
      },
      "smsUnreachable": {
        "name": "SMS (Twilio could not be reached)",
        "todo": "Check Twilio's status page. SMS alerts are retried by the outbox meanwhile."
      },
      "chatGone": {
        "name": "Team chat (the webhook is gone)",
        "todo": "The chat webhook was removed, revoked or its channel archived: make a new incoming webhook for the channel and set it: supabase secrets set ALERT_CHAT_WEBHOOK_URL=https://..."
      },
      "chatUnreachable": {
        "name": "Team chat (the webhook could not be reached)",
        "todo": "Check the chat service's status page and ALERT_CHAT_WEBHOOK_URL. Chat alerts are retried by the outbox meanwhile."
      },
      "crm": {
        "name": "CRM (its test call failed)",
        "todo": "Check CRM_CHECK_URL, CRM_WEBHOOK_URL and CRM_WEBHOOK_SECRET against the CRM's webhook settings. Estimates wait in the outbox meanwhile."
      },
      "dead": {
        "name": "Messages not delivered",
        "todo": "The outbox gave up on these (the office inbox was e-mailed each one). List them: select kind, last_error, updated_at from outbox_jobs where status = 'dead' order by updated_at desc; fix the setting the error names, and act on each request by hand."
      },
      "overdue": {
        "name": "Messages waiting past their time",
        "todo": "The outbox worker is not running. Check the dispatch-outbox cron (select * from cron.job_run_details order by start_time desc limit 5) and that it sends OUTBOX_DISPATCH_SECRET; run it once by hand to catch up."
      },
      "unalerted": {
        "name": "Requests nobody was alerted about",
        "todo": "Call these requests now (the board lists them). Then check ALERT_CONTACTS and the channels above."
      },
      "timedOut": {
        "name": "The check itself (it did not finish)",
        "todo": "The check stopped waiting after PIPELINE_CHECK_TIMEOUT_MS. Look at the check-pipeline and process-simple-lead logs on Supabase; a function that hangs will hang for visitors too."
      },
      "database": {
        "name": "The database (the check could not run)",
        "todo": "The functions could not use the database, so no request can be stored now (a visitor's browser keeps theirs and sends it again for a week). Look at the project in the Supabase dashboard (paused, out of space, restarting?) and at status.supabase.com, then run the check again. This notice was sent straight to the providers, without the outbox; it is not repeated more than a few times an hour."
      }
    },
    "details": {
      "crmLeftOut": "Not checked: the CRM webhook has no test call (set CRM_CHECK_URL to the CRM's own, if it documents one). Dead CRM forwards are counted with the messages not delivered.",
      "dead": "{count} in the last 24 hours ({kinds}). Last error: {error}",
      "overdue": "{count} due more than {minutes} minutes ago and not delivered ({kinds}); the oldest is {late} late.",
      "unalerted": "{count} request(s) that came in during business hours in the last 24 hours have had no alert delivered: {references}",
      "timedOut": "Stopped after {seconds} s, while {step}.",
      "database": "The check could not use the database: {error}",
      "steps": {
        "health": "looking at the outbox's health",
        "lead": "sending the test request",
        "email": "waiting for the test e-mail to be delivered",
        "providers": "checking Twilio, the chat webhook and the CRM"
      }
    }
  },
  "appointments": {
    "windowLabel": "{day}, {start} to {end}",
    "noticeHeading": "Preferred arrival windows",
    "noticeNote": "The customer picked these. Tap one to book it: they get it in writing, and the lead is marked booked.",
    "confirmLabel": "Confirm {window}",
    "available": "free when the request came in",
    "unavailable": {
      "full": "full when the request came in",
      "past": "already passed",
      "too_soon": "starts too soon to confirm without a call",
      "same_day_closed": "same day, past the QUICK-KNOCK cut-off",
      "too_far": "further ahead than the calendar offers",
      "unknown": "not in the calendar",
      "over_limit": "more windows than a form offers"
    },
    "alertLine": "Windows: {windows}",
    "emailSubject": "Your visit is confirmed: {window}",
    "emailHeading": "Your visit is confirmed",
    "emailIntro": "Hi {firstName}, our technician will arrive {window}. The confirmation and a calendar file are below; reply to this e-mail or call us if the time no longer suits you.",
    "rows": {
      "when": "Arrival window",
      "address": "Address",
      "reference": "Your reference",
      "phone": "Questions"
    },
    "prepareHeading": "Before we come",
    "prepare": [
      "Clear the areas where you have seen activity so the technician can reach them.",
      "Keep pets and children away from treated areas until they are dry.",
      "Someone 18 or older needs to be home to let us in."
    ],
    "calendarFile": "pest-control-visit.ics",
    "calendarSummary": "Pest control visit, {company}",
    "calendarDescription": "Arrival window {window}. Reference {reference}. Questions: {phone}.",
    "sms": "{company}: your visit is confirmed for {window}. Ref {reference}. Questions: {phone}. Reply STOP to opt out, HELP for help.",
    "reminderSubject": "Reminder: our visit tomorrow, {window}",
    "reminderIntro": "Hi {firstName}, a reminder that our technician arrives {window}. Need another time? Call us or reply to this e-mail.",
    "reminderSms": "{company}: reminder, our technician arrives {window}. Ref {reference}. To change it call {phone}. Reply STOP to opt out."
  }
} as const

export const LEAD_CONSENT = {
  "current": "contact-2026-11",
  "versions": [
    {
      "id": "contact-2026-11",
      "text": "By submitting, you agree to be contacted by phone/text."
    }
  ],
  "sms": {
    "current": "sms-2026-11",
    "versions": [
      {
        "id": "sms-2026-11",
        "label": "Text me about my request",
        "text": "I agree to receive text messages from {company} about my request (scheduling, reminders and updates). Message frequency varies. Msg & data rates may apply. Reply STOP to opt out, HELP for help. Consent is not a condition of purchase."
      }
    ],
    "links": [
      {
        "label": "Terms",
        "path": "/terms"
      },
      {
        "label": "Privacy Policy",
        "path": "/privacy"
      }
    ]
  }
} as const

export const RESPONSE_PROMISES = {
  "contact": {
    "text": "within 24 hours",
    "minutes": 1440
  },
  "estimate": {
    "text": "within 24 hours",
    "minutes": 1440
  },
  "booking": {
    "text": "within 24 hours",
    "minutes": 1440
  },
  "callback": {
    "text": "within 5-10 minutes during business hours",
    "minutes": 10,
    "businessHours": true
  }
} as const

export const ARRIVAL_WINDOWS = {
  "daysAhead": 10,
  "noticeMinutes": 120,
  "maxChoices": 3,
  "weekdays": {
    "Monday": [
      {
        "start": "08:00",
        "end": "11:00",
        "visits": 3
      },
      {
        "start": "11:00",
        "end": "14:00",
        "visits": 3
      },
      {
        "start": "14:00",
        "end": "17:00",
        "visits": 3
      }
    ],
    "Tuesday": [
      {
        "start": "08:00",
        "end": "11:00",
        "visits": 3
      },
      {
        "start": "11:00",
        "end": "14:00",
        "visits": 3
      },
      {
        "start": "14:00",
        "end": "17:00",
        "visits": 3
      }
    ],
    "Wednesday": [
      {
        "start": "08:00",
        "end": "11:00",
        "visits": 3
      },
      {
        "start": "11:00",
        "end": "14:00",
        "visits": 3
      },
      {
        "start": "14:00",
        "end": "17:00",
        "visits": 3
      }
    ],
    "Thursday": [
      {
        "start": "08:00",
        "end": "11:00",
        "visits": 3
      },
      {
        "start": "11:00",
        "end": "14:00",
        "visits": 3
      },
      {
        "start": "14:00",
        "end": "17:00",
        "visits": 3
      }
    ],
    "Friday": [
      {
        "start": "08:00",
        "end": "11:00",
        "visits": 3
      },
      {
        "start": "11:00",
        "end": "14:00",
        "visits": 3
      },
      {
        "start": "14:00",
        "end": "17:00",
        "visits": 3
      }
    ],
    "Saturday": [
      {
        "start": "09:00",
        "end": "12:00",
        "visits": 2
      },
      {
        "start": "12:00",
        "end": "15:00",
        "visits": 2
      }
    ],
    "Sunday": [
      {
        "start": "09:00",
        "end": "12:00",
        "visits": 1
      }
    ]
  }
} as const

export const VISIT_PREPARATION: Readonly<Record<string, { heading: string; points: readonly string[] }>> = {
  "Fleas": {
    "heading": "Preparing for Your Flea Treatment",
    "points": [
      "Vacuum all carpets, rugs, upholstered furniture and the floor under furniture, then empty the canister or throw the bag away in an outdoor bin.",
      "Wash all pet bedding, throw blankets and bed linens in hot water at a minimum of 140°F, and dry them on high heat.",
      "Pick up toys, shoes, clothes and other items from the floors, including closet floors and under beds.",
      "Have every dog and cat in the home treated by your veterinarian on or before the day of service.",
      "Cover fish tanks and turn off their air pumps during the treatment.",
      "Plan for people and pets to stay off treated areas for 4–6 hours, until everything is completely dry.",
      "After treatment, vacuum daily for two weeks; the vibration draws the remaining fleas out of their cocoons and into the treatment."
    ]
  }
}

const ENGLISH_CUSTOMER_TEXTS = {
  "messages": {
    "responses": {
      "contact": "Thank you, {firstName}! Your message has been sent. We'll get back to you within 24 hours. Your reference is {reference}.",
      "estimateLead": "Your request has been recorded. We'll contact you within 24 hours with your custom estimate.",
      "estimateRequest": "Your estimate request has been sent to our scheduling team.",
      "estimateConfirmation": "We're e-mailing your estimate details to {email}.",
      "estimateNotEmailed": "We could not e-mail your estimate details to {email}; we'll give them to you when we call.",
      "booking": "Your $49 visit has been booked! We'll call you within 24 hours.",
      "callback": "We'll call you within 5-10 minutes during business hours."
    },
    "turnstile": {
      "label": "Anti-spam check",
      "description": "Cloudflare checks that you are a person. It usually finishes by itself; if it asks, check the box.",
      "missing": "Please complete the anti-spam check.",
      "failed": "The anti-spam check failed. Please try again.",
      "unavailable": "We could not run the anti-spam check just now. Please try again in a moment.",
      "notLoaded": "The anti-spam check could not load. Please reload the page, or call us."
    },
    "fieldErrors": {
      "fieldNames": {
        "name": "your name",
        "message": "a message",
        "fullName": "your full name",
        "streetAddress": "your street address",
        "city": "your city",
        "firstName": "a first name",
        "lastName": "last name",
        "propertyAddress": "the property address",
        "offerCity": "the city",
        "offer": "the offer"
      },
      "enter": "Please enter {field}",
      "tooLong": "{field} must be at most {max} characters",
      "textTooLong": "Must be at most {max} characters",
      "phoneRequired": "Please enter your phone number",
      "phoneTooLong": "Phone number is too long",
      "phoneDigits": "Please enter a phone number with at least 10 digits",
      "emailRequired": "Please enter your email address",
      "emailInvalid": "Please enter a valid email address",
      "emailTooLong": "Email address is too long",
      "pestsRequired": "Please choose at least one pest",
      "pestsTooMany": "Please choose at most {max} pests",
      "pestsRepeated": "Each pest may be chosen once",
      "pestName": "Must be a pest's name",
      "zipRequired": "Please enter your ZIP code",
      "zipInvalid": "Please enter a 5-digit ZIP code",
      "stateRequired": "Please enter your state",
      "stateInvalid": "Please enter a 2-letter state code",
      "propertyTypeRequired": "Please choose a property type",
      "servicePlanRequired": "Please choose a service plan",
      "emailSuggestion": "Did you mean {address}?",
      "invalid": "Please check this field"
    },
    "emailRows": {
      "name": "Name",
      "phone": "Phone",
      "email": "Email",
      "message": "Message",
      "property": "Property",
      "servicePlan": "Service plan",
      "pests": "Pests",
      "additionalPests": "Additional pest concerns",
      "address": "Address",
      "offer": "Offer",
      "notes": "Notes",
      "campaign": "Campaign",
      "reference": "Reference",
      "promised": "We'll answer",
      "promisedOffice": "Promised",
      "promisedValue": "{promise}, by {deadline}",
      "yes": "Yes ({note})",
      "no": "No"
    },
    "customerEmail": {
      "estimateSubject": "Your free pest control estimate request",
      "estimateIntro": "Hi {firstName}, thank you for requesting a free estimate. Here is a summary of what you asked for.",
      "estimateNextSteps": [
        "We'll call you within 24 hours to go over your custom estimate and pricing breakdown.",
        "Together we'll schedule a free inspection and your first treatment.",
        "Your estimate is valid for 48 hours from your request."
      ],
      "bookingSubject": "Your $49 Scarsdale Starter Visit is booked",
      "bookingIntro": "Hi {firstName}, thank you for booking your $49 Scarsdale Starter Visit (a $389 value).",
      "bookingNextSteps": [
        "We'll call you within 24 hours to choose a time for your visit.",
        "Your technician will do a 30-point inspection (30-45 minutes) and treat for general household pests.",
        "Your visit is backed by our 30-day guarantee."
      ],
      "contactSubject": "We got your message (reference {reference})",
      "contactIntro": "Hi {firstName}, thank you for writing to us. Here is what you sent; we'll get back to you within 24 hours.",
      "contactNextSteps": [
        "We'll reply within 24 hours by phone or e-mail.",
        "Anything urgent? Call us at {phone}."
      ],
      "callbackSubject": "We got your request: {offer}",
      "callbackIntro": "Hi {firstName}, thank you for your request. We'll call you within 5-10 minutes during business hours.",
      "callbackNextSteps": [
        "We'll call you within 5-10 minutes during business hours at the number you gave us.",
        "On the call we'll answer your questions and choose a time for your visit."
      ],
      "referenceNote": "Your reference is {reference}: please mention it if you call us.",
      "signOff": "Questions? Call us at {phone}. We're open {hours}."
    },
    "customerSms": {
      "confirmation": "{company}: thank you, {firstName}. We got your request, reference {reference}. We'll be in touch {promise}. Questions: {phone}. Reply STOP to opt out, HELP for help."
    },
    "appointments": {
      "windowLabel": "{day}, {start} to {end}",
      "noticeHeading": "Preferred arrival windows",
      "noticeNote": "The customer picked these. Tap one to book it: they get it in writing, and the lead is marked booked.",
      "confirmLabel": "Confirm {window}",
      "available": "free when the request came in",
      "unavailable": {
        "full": "full when the request came in",
        "past": "already passed",
        "too_soon": "starts too soon to confirm without a call",
        "same_day_closed": "same day, past the QUICK-KNOCK cut-off",
        "too_far": "further ahead than the calendar offers",
        "unknown": "not in the calendar",
        "over_limit": "more windows than a form offers"
      },
      "alertLine": "Windows: {windows}",
      "emailSubject": "Your visit is confirmed: {window}",
      "emailHeading": "Your visit is confirmed",
      "emailIntro": "Hi {firstName}, our technician will arrive {window}. The confirmation and a calendar file are below; reply to this e-mail or call us if the time no longer suits you.",
      "rows": {
        "when": "Arrival window",
        "address": "Address",
        "reference": "Your reference",
        "phone": "Questions"
      },
      "prepareHeading": "Before we come",
      "prepare": [
        "Clear the areas where you have seen activity so the technician can reach them.",
        "Keep pets and children away from treated areas until they are dry.",
        "Someone 18 or older needs to be home to let us in."
      ],
      "calendarFile": "pest-control-visit.ics",
      "calendarSummary": "Pest control visit, {company}",
      "calendarDescription": "Arrival window {window}. Reference {reference}. Questions: {phone}.",
      "sms": "{company}: your visit is confirmed for {window}. Ref {reference}. Questions: {phone}. Reply STOP to opt out, HELP for help.",
      "reminderSubject": "Reminder: our visit tomorrow, {window}",
      "reminderIntro": "Hi {firstName}, a reminder that our technician arrives {window}. Need another time? Call us or reply to this e-mail.",
      "reminderSms": "{company}: reminder, our technician arrives {window}. Ref {reference}. To change it call {phone}. Reply STOP to opt out."
    }
  },
  "promises": {
    "contact": "within 24 hours",
    "estimate": "within 24 hours",
    "booking": "within 24 hours",
    "callback": "within 5-10 minutes during business hours"
  },
  "consent": {
    "versions": [
      {
        "id": "contact-2026-11",
        "text": "By submitting, you agree to be contacted by phone/text."
      }
    ],
    "sms": {
      "versions": [
        {
          "id": "sms-2026-11",
          "label": "Text me about my request",
          "text": "I agree to receive text messages from {company} about my request (scheduling, reminders and updates). Message frequency varies. Msg & data rates may apply. Reply STOP to opt out, HELP for help. Consent is not a condition of purchase."
        }
      ]
    }
  },
  "options": {
    "propertyTypes": {
      "single-family-small": "Single-Family Home (up to 3BR)",
      "single-family-large": "Single-Family Home (4-5BR)",
      "multi-family": "Multi-Family Home",
      "townhouse-condo": "Townhouse/Condo",
      "apartment": "Apartment"
    },
    "servicePlans": {
      "ez-one": "EZ-One",
      "c-are": "C•ARE",
      "c-are-plus": "C•ARE+",
      "c-aremax": "C•AREMAX"
    },
    "additionalPests": {
      "0": "None",
      "1": "1-2",
      "2": "3+"
    },
    "sameDay": {
      "label": "Same-day QUICK-KNOCK service",
      "priceNote": "+$75"
    },
    "quickKnock": {
      "label": "Quick Knock-down treatment",
      "priceNote": "−$50"
    }
  },
  "pests": {
    "Ants": "Ants",
    "Bed Bugs": "Bed Bugs",
    "Bees": "Bees",
    "Centipedes": "Centipedes",
    "Fleas": "Fleas",
    "Mosquitos": "Mosquitos",
    "Roaches": "Roaches",
    "Rodents": "Rodents",
    "Silverfish": "Silverfish",
    "Spiders": "Spiders",
    "Termites": "Termites",
    "Ticks": "Ticks",
    "Wasps": "Wasps"
  },
  "visitPreparation": {
    "Fleas": {
      "heading": "Preparing for Your Flea Treatment",
      "points": [
        "Vacuum all carpets, rugs, upholstered furniture and the floor under furniture, then empty the canister or throw the bag away in an outdoor bin.",
        "Wash all pet bedding, throw blankets and bed linens in hot water at a minimum of 140°F, and dry them on high heat.",
        "Pick up toys, shoes, clothes and other items from the floors, including closet floors and under beds.",
        "Have every dog and cat in the home treated by your veterinarian on or before the day of service.",
        "Cover fish tanks and turn off their air pumps during the treatment.",
        "Plan for people and pets to stay off treated areas for 4–6 hours, until everything is completely dry.",
        "After treatment, vacuum daily for two weeks; the vibration draws the remaining fleas out of their cocoons and into the treatment."
      ]
    }
  },
  "hoursText": "Mon–Fri 8am–6pm · Sat 9am–4pm · Sun 9am–1pm"
} as const

/** What a customer reads, in one language: options by id, a pest's name and what to prepare by the English label the forms send. */
export type CustomerTexts = Omit<Widened<typeof ENGLISH_CUSTOMER_TEXTS>, "pests" | "visitPreparation"> & {
  readonly pests: Readonly<Record<string, string>>
  readonly visitPreparation: Readonly<Record<string, { readonly heading: string; readonly points: readonly string[] }>>
}

/** What a customer reads, in each language; typed by the English, so a translation has every text in its place. */
export const CUSTOMER_TEXTS: Readonly<Record<Language, CustomerTexts>> = {
  en: ENGLISH_CUSTOMER_TEXTS,
  es: {
    "messages": {
      "responses": {
        "contact": "¡Gracias, {firstName}! Su mensaje fue enviado. Nos comunicaremos con usted en un plazo de 24 horas. Su número de referencia es {reference}.",
        "estimateLead": "Su solicitud quedó registrada. Nos comunicaremos con usted en un plazo de 24 horas con su cotización personalizada.",
        "estimateRequest": "Su solicitud de cotización fue enviada a nuestro equipo de programación.",
        "estimateConfirmation": "Le enviaremos los detalles de su cotización por correo electrónico a {email}.",
        "estimateNotEmailed": "No pudimos enviar los detalles de su cotización a {email}; se los daremos cuando le llamemos.",
        "booking": "¡Su visita de $49 quedó reservada! Le llamaremos en un plazo de 24 horas.",
        "callback": "Le llamaremos en 5 a 10 minutos durante el horario de oficina."
      },
      "turnstile": {
        "label": "Verificación antispam",
        "description": "Cloudflare comprueba que usted es una persona. Por lo general termina por sí sola; si se lo pide, marque la casilla.",
        "missing": "Complete la verificación antispam.",
        "failed": "La verificación antispam no se superó. Inténtelo de nuevo.",
        "unavailable": "No pudimos realizar la verificación antispam en este momento. Vuelva a intentarlo en unos instantes.",
        "notLoaded": "No se pudo cargar la verificación antispam. Vuelva a cargar la página o llámenos."
      },
      "fieldErrors": {
        "fieldNames": {
          "name": "su nombre",
          "message": "un mensaje",
          "fullName": "su nombre completo",
          "streetAddress": "su dirección",
          "city": "su ciudad",
          "firstName": "un nombre",
          "lastName": "el apellido",
          "propertyAddress": "la dirección de la propiedad",
          "offerCity": "la ciudad",
          "offer": "la oferta"
        },
        "enter": "Ingrese {field}",
        "tooLong": "{field} debe tener como máximo {max} caracteres",
        "textTooLong": "Debe tener como máximo {max} caracteres",
        "phoneRequired": "Ingrese su número de teléfono",
        "phoneTooLong": "El número de teléfono es demasiado largo",
        "phoneDigits": "Ingrese un número de teléfono de al menos 10 dígitos",
        "emailRequired": "Ingrese su correo electrónico",
        "emailInvalid": "Ingrese un correo electrónico válido",
        "emailTooLong": "El correo electrónico es demasiado largo",
        "pestsRequired": "Elija al menos una plaga",
        "pestsTooMany": "Elija como máximo {max} plagas",
        "pestsRepeated": "Cada plaga se puede elegir una sola vez",
        "pestName": "Debe ser el nombre de una plaga",
        "zipRequired": "Ingrese su código postal",
        "zipInvalid": "Ingrese un código postal de 5 dígitos",
        "stateRequired": "Ingrese su estado",
        "stateInvalid": "Ingrese el código de 2 letras de su estado",
        "propertyTypeRequired": "Elija un tipo de propiedad",
        "servicePlanRequired": "Elija un plan de servicio",
        "emailSuggestion": "¿Quiso decir {address}?",
        "invalid": "Por favor, revise este campo"
      },
      "emailRows": {
        "name": "Nombre",
        "phone": "Teléfono",
        "email": "Correo electrónico",
        "message": "Mensaje",
        "property": "Propiedad",
        "servicePlan": "Plan de servicio",
        "pests": "Plagas",
        "additionalPests": "Otras plagas que le preocupan",
        "address": "Dirección",
        "offer": "Oferta",
        "notes": "Notas",
        "campaign": "Campaña",
        "reference": "Referencia",
        "promised": "Le responderemos",
        "promisedOffice": "Prometido",
        "promisedValue": "{promise}, a más tardar {deadline}",
        "yes": "Sí ({note})",
        "no": "No"
      },
      "customerEmail": {
        "estimateSubject": "Su solicitud de cotización gratis de control de plagas",
        "estimateIntro": "Hola, {firstName}: gracias por solicitar una cotización gratis. Este es un resumen de lo que nos pidió.",
        "estimateNextSteps": [
          "Le llamaremos en un plazo de 24 horas para revisar con usted su cotización personalizada y el desglose de precios.",
          "Juntos programaremos una inspección gratis y su primer tratamiento.",
          "Su cotización es válida por 48 horas a partir de su solicitud."
        ],
        "bookingSubject": "Su Visita Inicial de $49 en Scarsdale está reservada",
        "bookingIntro": "Hola, {firstName}: gracias por reservar su Visita Inicial de $49 en Scarsdale (un valor de $389).",
        "bookingNextSteps": [
          "Le llamaremos en un plazo de 24 horas para elegir la hora de su visita.",
          "Su técnico hará una inspección de 30 puntos (30-45 minutos) y un tratamiento contra las plagas comunes del hogar.",
          "Su visita está respaldada por nuestra garantía de 30 días."
        ],
        "contactSubject": "Recibimos su mensaje (referencia {reference})",
        "contactIntro": "Hola, {firstName}: gracias por escribirnos. Esto es lo que nos envió; nos comunicaremos con usted en un plazo de 24 horas.",
        "contactNextSteps": [
          "Le responderemos en un plazo de 24 horas por teléfono o por correo electrónico.",
          "¿Es algo urgente? Llámenos al {phone}."
        ],
        "callbackSubject": "Recibimos su solicitud: {offer}",
        "callbackIntro": "Hola, {firstName}: gracias por su solicitud. Le llamaremos en 5 a 10 minutos durante el horario de oficina.",
        "callbackNextSteps": [
          "Le llamaremos en 5 a 10 minutos durante el horario de oficina al número que nos dio.",
          "En la llamada responderemos sus preguntas y elegiremos una hora para su visita."
        ],
        "referenceNote": "Su número de referencia es {reference}: menciónelo si nos llama.",
        "signOff": "¿Preguntas? Llámenos al {phone}. Nuestro horario: {hours}."
      },
      "customerSms": {
        "confirmation": "{company}: gracias, {firstName}. Recibimos su solicitud, referencia {reference}. Nos comunicaremos con usted {promise}. Preguntas: {phone}. Responda STOP para cancelar, HELP para obtener ayuda."
      },
      "appointments": {
        "windowLabel": "{day}, de {start} a {end}",
        "noticeHeading": "Horarios de llegada preferidos",
        "noticeNote": "El cliente eligió estos horarios. Toque uno para reservarlo: el cliente lo recibe por escrito y la solicitud queda marcada como reservada.",
        "confirmLabel": "Confirmar {window}",
        "available": "disponible cuando llegó la solicitud",
        "unavailable": {
          "full": "lleno cuando llegó la solicitud",
          "past": "ya pasó",
          "too_soon": "empieza demasiado pronto para confirmarlo sin llamar",
          "same_day_closed": "el mismo día, después de la hora límite de QUICK-KNOCK",
          "too_far": "más adelante de lo que ofrece el calendario",
          "unknown": "no está en el calendario",
          "over_limit": "más horarios de los que ofrece un formulario"
        },
        "alertLine": "Horarios: {windows}",
        "emailSubject": "Su visita está confirmada: {window}",
        "emailHeading": "Su visita está confirmada",
        "emailIntro": "Hola, {firstName}: nuestro técnico llegará el {window}. Abajo encontrará la confirmación y un archivo de calendario; responda a este correo o llámenos si el horario ya no le conviene.",
        "rows": {
          "when": "Horario de llegada",
          "address": "Dirección",
          "reference": "Su referencia",
          "phone": "Preguntas"
        },
        "prepareHeading": "Antes de nuestra visita",
        "prepare": [
          "Despeje las áreas donde ha visto actividad para que el técnico pueda llegar a ellas.",
          "Mantenga a las mascotas y a los niños alejados de las áreas tratadas hasta que se sequen.",
          "Una persona de 18 años o más debe estar en casa para dejarnos entrar."
        ],
        "calendarFile": "visita-control-de-plagas.ics",
        "calendarSummary": "Visita de control de plagas, {company}",
        "calendarDescription": "Horario de llegada: {window}. Referencia {reference}. Preguntas: {phone}.",
        "sms": "{company}: confirmamos su visita para el {window}. Ref {reference}. Preguntas: {phone}. Responda STOP para cancelar, HELP para obtener ayuda.",
        "reminderSubject": "Recordatorio: nuestra visita de mañana, {window}",
        "reminderIntro": "Hola, {firstName}: le recordamos que nuestro técnico llega el {window}. ¿Necesita otro horario? Llámenos o responda a este correo.",
        "reminderSms": "{company}: recordatorio, nuestro técnico llega el {window}. Ref {reference}. Para cambiar la cita, llame al {phone}. Responda STOP para cancelar."
      }
    },
    "promises": {
      "contact": "en un plazo de 24 horas",
      "estimate": "en un plazo de 24 horas",
      "booking": "en un plazo de 24 horas",
      "callback": "en 5 a 10 minutos durante el horario de oficina"
    },
    "consent": {
      "versions": [
        {
          "id": "contact-2026-11",
          "text": "Al enviar este formulario, usted acepta que lo contactemos por teléfono o mensaje de texto."
        }
      ],
      "sms": {
        "versions": [
          {
            "id": "sms-2026-11",
            "label": "Envíenme mensajes de texto sobre mi solicitud",
            "text": "Acepto recibir mensajes de texto de {company} sobre mi solicitud (programación, recordatorios y novedades). La frecuencia de los mensajes varía. Pueden aplicarse tarifas de mensajes y datos. Responda STOP para cancelar, HELP para obtener ayuda. El consentimiento no es una condición de compra."
          }
        ]
      }
    },
    "options": {
      "propertyTypes": {
        "single-family-small": "Casa unifamiliar (hasta 3 habitaciones)",
        "single-family-large": "Casa unifamiliar (4-5 habitaciones)",
        "multi-family": "Casa multifamiliar",
        "townhouse-condo": "Casa adosada/condominio",
        "apartment": "Apartamento"
      },
      "servicePlans": {
        "ez-one": "EZ-One",
        "c-are": "C•ARE",
        "c-are-plus": "C•ARE+",
        "c-aremax": "C•AREMAX"
      },
      "additionalPests": {
        "0": "Ninguna",
        "1": "1-2",
        "2": "3+"
      },
      "sameDay": {
        "label": "Servicio QUICK-KNOCK el mismo día",
        "priceNote": "+$75"
      },
      "quickKnock": {
        "label": "Tratamiento rápido de choque",
        "priceNote": "−$50"
      }
    },
    "pests": {
      "Ants": "Hormigas",
      "Bed Bugs": "Chinches de cama",
      "Bees": "Abejas",
      "Centipedes": "Ciempiés",
      "Fleas": "Pulgas",
      "Mosquitos": "Mosquitos",
      "Roaches": "Cucarachas",
      "Rodents": "Roedores",
      "Silverfish": "Pececillos de plata",
      "Spiders": "Arañas",
      "Termites": "Termitas",
      "Ticks": "Garrapatas",
      "Wasps": "Avispas"
    },
    "visitPreparation": {
      "Fleas": {
        "heading": "Cómo prepararse para su tratamiento contra pulgas",
        "points": [
          "Aspire todas las alfombras, tapetes, muebles tapizados y el piso debajo de los muebles; luego vacíe el depósito o tire la bolsa en un bote de basura afuera de la casa.",
          "Lave todas las camas de las mascotas, las mantas y la ropa de cama en agua caliente a 140°F como mínimo, y séquelas a temperatura alta.",
          "Levante del piso los juguetes, zapatos, ropa y demás objetos, incluidos los pisos de los clósets y debajo de las camas.",
          "Asegúrese de que su veterinario trate a todos los perros y gatos de la casa el día del servicio o antes.",
          "Tape las peceras y apague sus bombas de aire durante el tratamiento.",
          "Planee que personas y mascotas se mantengan fuera de las áreas tratadas de 4 a 6 horas, hasta que todo esté completamente seco.",
          "Después del tratamiento, aspire todos los días durante dos semanas; la vibración hace salir de sus capullos a las pulgas que quedan y las expone al tratamiento."
        ]
      }
    },
    "hoursText": "lun–vie 8:00–18:00 · sáb 9:00–16:00 · dom 9:00–13:00"
  },
}
