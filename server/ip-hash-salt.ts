/**
 * The local backend's IP_HASH_SALT when none is set: a random one made once
 * per data directory and kept there, so the stored address hashes stay
 * comparable across restarts (and no two installations share a salt).
 */
import { randomBytes } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { MIN_IP_HASH_SALT_LENGTH } from "../supabase/functions/_shared/ip-hash-salt.ts"
import { createExclusive } from "./exclusive-file"
import { errorCode } from "./field-of"

export const SALT_FILE = "ip-hash-salt"

export const randomSalt = () => randomBytes(32).toString("hex")

/** The salt kept in `dir`, made (mode 0600) on first use. */
export function keptSalt(dir: string): string {
  const file = path.resolve(dir, SALT_FILE)
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true })
    try {
      createExclusive(file, `${randomSalt()}\n`, 0o600)
    } catch (error) {
      // Another starter made it first: both use that one.
      if (errorCode(error) !== "EEXIST") throw error
    }
  }
  const salt = fs.readFileSync(file, "utf8").trim()
  if (salt.length < MIN_IP_HASH_SALT_LENGTH) {
    throw new Error(
      `The IP hash salt in ${file} is shorter than ${MIN_IP_HASH_SALT_LENGTH} characters. Delete the file to make a new one ` +
        `(address hashes already stored will no longer match), or set IP_HASH_SALT.`,
    )
  }
  return salt
}
