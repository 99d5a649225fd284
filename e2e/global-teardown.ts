export default async function globalTeardown() {
  await globalThis.__SITE_SERVER__?.stop()
}
