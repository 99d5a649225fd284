/**
 * Values that become e-mail headers (subject, addresses) come from visitors: a CR/LF in a name
 * must not start a new header or fold the subject. Every run of whitespace, control, format or
 * line/paragraph-separator characters becomes one space.
 */
const HEADER_BREAKING = /[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu

/** Longest subject we send: the e-mail API and clients cut long ones anyway. */
const MAX_SUBJECT_LENGTH = 200

export const headerValue = (value: string): string => value.replace(HEADER_BREAKING, " ").trim()

export const subjectLine = (value: string): string => {
  const line = headerValue(value)
  return line.length > MAX_SUBJECT_LENGTH ? `${line.slice(0, MAX_SUBJECT_LENGTH - 1)}…` : line
}
