/** Creating a small file only if it does not exist yet, atomically: the lock file and the kept salt. */
import { randomBytes } from "node:crypto"
import fs from "node:fs"
import { errorCode } from "./field-of"

/** Creates `file` holding `content`; throws EEXIST when it already exists. Readers never see it half-written. */
export function createExclusive(file: string, content: string, mode: number): void {
  // Written whole under a private name, then linked into place: link fails if the file exists.
  const draft = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`
  fs.writeFileSync(draft, content, { mode })
  try {
    fs.linkSync(draft, file)
  } catch (error) {
    const code = errorCode(error)
    if (code === "EEXIST" || code === "ENOENT") throw error
    // A file system without hard links (some mounted volumes): an exclusive create is still atomic, only not its content.
    fs.writeFileSync(file, content, { mode, flag: "wx" })
  } finally {
    fs.rmSync(draft, { force: true })
  }
}
