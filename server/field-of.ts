/** Reading a property of a value whose type is not known (a thrown error, parsed JSON) without asserting its type. */

/** `value[key]` when `value` is an object or function that has it, else undefined. */
export const fieldOf = (value: unknown, key: string): unknown =>
  (typeof value === "object" || typeof value === "function") && value !== null && key in value
    ? Reflect.get(value, key)
    : undefined

/** A thrown value's `code` (ENOENT, EEXIST…); duck-typed, since PGlite's and other realms' errors are no `instanceof Error`. */
export const errorCode = (error: unknown): unknown => fieldOf(error, "code")
