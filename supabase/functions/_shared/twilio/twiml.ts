/**
 * TwiML, the XML a Twilio webhook answers with: empty (nothing to send back, the 200 Twilio expects) or
 * one <Message> for Twilio to text back to the sender. A webhook of the call side answers with its own
 * verbs the same way.
 */

const XML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch)

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'

/** Nothing to answer: Twilio takes the 200 as the text received. */
export const EMPTY_TWIML = `${DECLARATION}<Response/>`

/** A text back to whoever texted us, as Twilio sends a <Message> verb. */
export const messageTwiml = (text: string) => `${DECLARATION}<Response><Message>${escapeXml(text)}</Message></Response>`

export const TWIML_TYPE = "text/xml; charset=utf-8"
