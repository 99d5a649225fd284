/**
 * A confirmed visit as an iCalendar file (RFC 5545), attached to the visitor's confirmation: one event,
 * times in UTC (no time-zone block to get wrong), the text escaped and folded at 75 octets, CRLF line
 * ends. Its UID names the request, so a calendar that imports it twice keeps one event.
 */
import { Buffer } from "node:buffer"

export interface CalendarEvent {
  uid: string
  startsAt: Date
  endsAt: Date
  stamp: Date
  summary: string
  description: string
  location: string
  organizer: { name: string; email: string }
}

/** 20261201T130000Z */
const utc = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "")

/**
 * TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11); any other control
 * character (a form's text may carry one) a space, as TEXT allows none but a tab and calendars refuse the file.
 */
const escapeText = (text: string) =>
  text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/(?!\t)\p{Cc}/gu, " ")

/** A content line folded at 75 octets, never inside a UTF-8 character (RFC 5545 §3.1). */
function fold(line: string): string {
  const parts: string[] = []
  let current = ""
  let octets = 0
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8")
    // The first line holds 75 octets; each continuation line starts with a space, so 74 more.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current)
      current = ""
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join("\r\n ")
}

/** A quoted parameter value: no double quotes, control characters or line breaks can get in. */
const paramValue = (text: string) => `"${text.replace(/["\p{Cc}]/gu, " ")}"`

export function icsOf(event: CalendarEvent, productName: string): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(productName)}//Appointments//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.startsAt)}`,
    `DTEND:${utc(event.endsAt)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`,
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ]
  return `${lines.map(fold).join("\r\n")}\r\n`
}
