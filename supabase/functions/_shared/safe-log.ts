/**
 * The one way the functions and the local server log an error. No log line may carry a lead's personal
 * data, and an error's text can: Postgres quotes the value it refused (`invalid input
 * syntax for type integer: "Maria"`) or the whole row (`Failing row contains (…)`), and postgres.js
 * errors carry the query's parameters. So a line says where, the error's class and code, and the stack's
 * frames (file and line): never a message, a detail, a body or a parameter.
 */

const NAME = /^[A-Za-z_$][\w$]{0,63}$/
const CODE = /^[\w.-]{1,40}$/
const MAX_FRAMES = 8
const MAX_CAUSES = 3

/** A property of a thrown value, own or inherited (an error class's `name` is on its prototype). */
function field(value: unknown, key: "name" | "message" | "stack" | "code" | "cause"): unknown {
  if (typeof value !== "object" || value === null) return undefined
  switch (key) {
    case "name":
      return "name" in value ? value.name : undefined
    case "message":
      return "message" in value ? value.message : undefined
    case "stack":
      return "stack" in value ? value.stack : undefined
    case "code":
      return "code" in value ? value.code : undefined
    case "cause":
      return "cause" in value ? value.cause : undefined
  }
}

/** The class, the code (a Postgres SQLSTATE, a Node errno name) and where it was thrown; nothing the input can write. */
function describeOne(error: unknown, withFrames: boolean): string {
  if (typeof error !== "object" || error === null) return `a thrown ${typeof error}`
  // The error's name (TypeError, PostgresError); for a generic one ("Error", pg-protocol's "error") its class
  // when that says more (a bundled library's classes may be minified to a letter or two).
  const name = field(error, "name")
  const named = typeof name === "string" && NAME.test(name) ? name : "Error"
  const constructorName = typeof error.constructor === "function" ? error.constructor.name : ""
  const className =
    /^error$/i.test(named) && NAME.test(constructorName) && constructorName.length > 2 && constructorName !== "Object"
      ? constructorName
      : named
  const code = field(error, "code")
  const shownCode =
    (typeof code === "string" && CODE.test(code)) || (typeof code === "number" && Number.isFinite(code))
      ? ` (code ${String(code)})`
      : ""
  return `${className}${shownCode}${withFrames ? framesOf(error) : ""}`
}

/**
 * The stack's "at …" lines. V8 (Node, Deno) starts a stack with "<name>: <message>", and a message may hold
 * line breaks and text that looks like a frame: the frames are read only after that exact header, else none.
 */
function framesOf(error: object): string {
  const stack = field(error, "stack")
  const name = field(error, "name")
  const message = field(error, "message")
  if (typeof stack !== "string" || typeof name !== "string" || typeof message !== "string") return ""
  const header = message ? `${name}: ${message}` : name
  if (!stack.startsWith(`${header}\n`)) return ""
  const frames = stack
    .slice(header.length + 1)
    .split("\n")
    .filter((line) => /^\s+at \S/.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => `\n    ${line.trim().slice(0, 300)}`)
  return frames.join("")
}

/** An error as a log may show it: class, code, frames, and the same for its causes. */
export function describeError(error: unknown): string {
  let line = describeOne(error, true)
  let cause = field(error, "cause")
  for (let depth = 0; cause !== undefined && depth < MAX_CAUSES; depth++) {
    line += `\n  caused by ${describeOne(cause, false)}`
    cause = field(cause, "cause")
  }
  return line
}

/** What the line says where the error happened: a fixed label and a short, printable path. */
const printable = (text: string) => text.replace(/[^\x20-\x7e]/g, "?").slice(0, 120)

/** Logs `[where] what failed: <class> (code …)` and the frames. `what` must be a fixed text, never input. */
export function logError(where: string, what: string, error: unknown): void {
  console.error(`[${printable(where)}] ${printable(what)}: ${describeError(error)}`)
}

/**
 * What was thrown when it was not an Error (a library throwing a string or an object): only its type. Hono
 * hands only Errors to onError; anything else would reach the runtime, which prints it whole (Deno.serve).
 */
export class ThrownValue extends Error {
  constructor(thrown: unknown) {
    super(`a thrown ${thrown === null ? "null" : typeof thrown}`)
    this.name = "ThrownValue"
  }
}
