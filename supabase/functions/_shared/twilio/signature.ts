/**
 * Twilio's webhook signature (X-Twilio-Signature), as Twilio documents it: HMAC-SHA1, keyed with the
 * account's auth token, over the full URL Twilio called followed by each form parameter's name and
 * value, the parameters sorted by name (and a repeated name's values sorted, each once), base64. It is
 * computed with WebCrypto, which Deno, Supabase Edge Functions and Node all provide. The URL is the
 * function's public URL as configured: never one rebuilt from Host or X-Forwarded-* headers, which the
 * caller writes.
 */

/** A webhook's form parameters by name, each name's values in the order sent (a name may repeat). */
export type FormParams = ReadonlyMap<string, readonly string[]>

/** The form body's parameters (application/x-www-form-urlencoded), grouped by name. */
export function formParams(body: string): FormParams {
  const params = new Map<string, string[]>()
  for (const [name, value] of new URLSearchParams(body)) params.set(name, [...(params.get(name) ?? []), value])
  return params
}

/** UTF-16 code unit order, as Twilio's own validator sorts (JavaScript's default sort). */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** What is signed: the URL, then name+value for each parameter, names sorted, a name's distinct values sorted. */
export function signedText(url: string, params: FormParams): string {
  const names = [...params.keys()].sort(byCodeUnits)
  return names.reduce((text, name) => {
    const values = [...new Set(params.get(name) ?? [])].sort(byCodeUnits)
    return text + values.map((value) => name + value).join("")
  }, url)
}

const encoder = new TextEncoder()

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

/** The signature Twilio sends for this URL and these parameters, signed with `authToken`. */
export async function twilioSignature(authToken: string, url: string, params: FormParams): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(authToken), { name: "HMAC", hash: "SHA-1" }, false, [
    "sign",
  ])
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(signedText(url, params)))
  return base64(new Uint8Array(mac))
}

/**
 * Whether two texts are equal, in time that depends only on their lengths: a forger learns nothing
 * from how long a wrong signature took to refuse (a signature's length is public: 28 characters).
 */
function sameText(a: string, b: string): boolean {
  const left = encoder.encode(a)
  const right = encoder.encode(b)
  let difference = left.length ^ right.length
  for (let i = 0; i < Math.max(left.length, right.length); i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0)
  return difference === 0
}

/** Whether `header` is Twilio's signature of this URL and these parameters; no token or no header verifies nothing. */
export async function isTwilioSigned(
  authToken: string | undefined,
  url: string,
  params: FormParams,
  header: string | undefined,
): Promise<boolean> {
  if (!authToken || !header) return false
  return sameText(await twilioSignature(authToken, url, params), header.trim())
}
