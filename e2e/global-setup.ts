import { serveBuild } from "../scripts/static-server"

declare global {
  // eslint-disable-next-line no-var
  var __SITE_SERVER__: { stop: () => Promise<void> } | undefined
}

export default async function globalSetup() {
  const server = await serveBuild()
  process.env.E2E_BASE_URL = server.url
  globalThis.__SITE_SERVER__ = server
}
