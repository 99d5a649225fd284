/**
 * Reading one setting from the environment: a whole number, a URL, a trimmed text. config.ts reads
 * the backend's settings with these, and an alert channel (notify/channels/) reads its own the same
 * way from the environment the config keeps (BackendConfig.setting), so a bad value names its variable.
 */

/** The environment as the functions were started with it. */
export type Env = (name: string) => string | undefined

/** A whole number ≥ 0, or `fallback` when unset. */
export const positiveInt = (env: Env, name: string, fallback: number) => {
  const raw = env(name)
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number (got "${raw}")`)
  return value
}

/** A whole number ≥ 1, or `fallback` when unset. */
export const atLeastOne = (env: Env, name: string, fallback: number) => {
  const value = positiveInt(env, name, fallback)
  if (value < 1) throw new Error(`${name} must be at least 1 (got "${env(name)}")`)
  return value
}

/** The setting's text, trimmed; undefined when unset or blank. */
export const optional = (env: Env, name: string) => env(name)?.trim() || undefined

/** An http(s) URL setting, or undefined; anything else stops the functions at start, naming the variable. */
export const urlSetting = (env: Env, name: string) => {
  const raw = optional(env, name)
  if (raw !== undefined && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(raw))
    throw new Error(`${name} must be an http(s) URL (got "${raw}")`)
  return raw?.replace(/\/+$/, "")
}
