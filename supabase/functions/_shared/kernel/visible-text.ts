/**
 * "Required" means something a person can read. Trimming removes spaces, but not the characters
 * that take no room on screen: zero-width spaces and joiners, the BOM, bidi marks, other format
 * and control characters, the few letters that render blank (Hangul fillers, braille blank), every
 * default-ignorable code point, assigned or not (U+2065, U+FFF0, U+E0080: a font shows nothing for
 * them by rule), unassigned code points (nothing to show yet), private-use ones (no meaning outside one
 * font: a name of them reads as boxes or nothing) and lone surrogates. The forms and the functions
 * use this one rule (the contract's "required").
 */
const INVISIBLE =
  /[\s\p{Cc}\p{Cf}\p{Z}\p{M}\p{Default_Ignorable_Code_Point}\p{Cn}\p{Co}\p{Cs}\u115F\u1160\u3164\uFFA0\u2800\u180E]/gu

/** True when the text has at least one character that shows. */
export const hasVisibleText = (text: string): boolean => text.replace(INVISIBLE, "").length > 0
