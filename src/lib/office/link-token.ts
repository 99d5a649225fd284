/**
 * The token of an office link (/office/acknowledge/#t=<token>). It travels in the URL fragment,
 * which browsers never send to a server, so it stays out of every log and Referer header.
 */

/** The longest token the functions accept; anything longer cannot be one of ours. */
export const MAX_TOKEN_LENGTH = 1024

/**
 * The `t=` value of a location.hash such as "#t=abc" or "#x=1&t=abc", URL-decoded; null when the
 * link is incomplete: no fragment, no `t=`, an empty value, or a broken %-escape (a link cut short).
 * Not URLSearchParams: it reads "+" as a space, which would corrupt a base64 token.
 */
export function tokenFromHash(hash: string): string | null {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash
  const part = fragment.split("&").find((entry) => entry.startsWith("t="))
  if (part === undefined) return null
  try {
    const token = decodeURIComponent(part.slice(2))
    return token === "" ? null : token
  } catch {
    return null
  }
}
