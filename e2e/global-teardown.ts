export default async function globalTeardown() {
  for (const stop of globalThis.__E2E_STOPS__ ?? []) await stop()
}
