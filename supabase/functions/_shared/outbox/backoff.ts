/** Exponential backoff: base, 2×base, 4×base … capped. */
export const backoffMs = (attempts: number, base: number, max: number) =>
  Math.min(max, base * 2 ** Math.max(0, attempts - 1))
