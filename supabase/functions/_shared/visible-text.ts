/**
 * "Required" means something a person can read. Trimming removes spaces, but not the characters
 * that take no room on screen: zero-width spaces and joiners, the BOM, bidi marks, other format
 * and control characters, and the few letters that render blank (Hangul fillers, braille blank).
 */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Z}\p{M}\u115F\u1160\u3164\uFFA0\u2800\u180E]/gu

/** True when the text has at least one character that shows. */
export const hasVisibleText = (text: string): boolean => text.replace(INVISIBLE, "").length > 0
