import { LOCAL_ANON_KEY, LOCAL_API_URL } from "../../supabase/functions/_shared/kernel/local-defaults.ts"

/** The functions' address and public key, fixed at build time; the local backend when unset. */
export const backendConfig = {
  url: process.env.GATSBY_SUPABASE_URL || LOCAL_API_URL,
  anonKey: process.env.GATSBY_SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
  /** Cloudflare Turnstile's public site key; unset: no widget, no script (the backend's TURNSTILE_SECRET_KEY goes with it). */
  turnstileSiteKey: process.env.GATSBY_TURNSTILE_SITE_KEY || "",
}
