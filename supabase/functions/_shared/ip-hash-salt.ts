/** The salt of the stored visitor-address hashes: without a secret one, the hashes of IPv4 addresses are reversed by trying them all. */
export const MIN_IP_HASH_SALT_LENGTH = 16

/** IP_HASH_SALT as production requires it: set, and long enough not to be guessed. */
export function requiredIpHashSalt(value: string | undefined): string {
  const salt = value?.trim() ?? ""
  if (salt.length >= MIN_IP_HASH_SALT_LENGTH) return salt
  const problem = salt ? `is shorter than ${MIN_IP_HASH_SALT_LENGTH} characters` : "is not set"
  throw new Error(
    `IP_HASH_SALT ${problem}: the functions will not start without a secret salt for visitor address hashes. ` +
      `Set one with: supabase secrets set IP_HASH_SALT=$(openssl rand -hex 32)`,
  )
}
