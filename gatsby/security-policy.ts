/**
 * The one declared security policy of the static site. gatsby/security-headers.ts turns it into
 * public/_headers at the end of the build, adding what only the build knows: the hashes of
 * Gatsby's inline scripts and the functions' origin (GATSBY_SUPABASE_URL).
 *
 * To allow another third party, add its origin to the directive(s) it needs below, in its own
 * named group, with a link to the vendor's CSP documentation.
 */
export type Directive =
  | "default-src"
  | "script-src"
  | "style-src"
  | "img-src"
  | "font-src"
  | "connect-src"
  | "frame-src"
  | "object-src"
  | "base-uri"
  | "form-action"
  | "frame-ancestors"
  | "manifest-src"
  | "worker-src"

export type Sources = Partial<Record<Directive, readonly string[]>>

/**
 * The Google tag (gtag.js) for GA4 and Google Ads conversions, as Google's guide "Use Tag Manager
 * with a Content Security Policy" lists them for GA4, GA4 with Google signals, and Google Ads
 * conversions/remarketing (https://developers.google.com/tag-platform/security/guides/csp).
 * The guide's `https://*.google.<TLD>` cannot be written in CSP; www.google.com covers a US audience.
 */
export const GOOGLE_TAG: Sources = {
  "script-src": [
    "https://*.googletagmanager.com",
    "https://www.googleadservices.com",
    "https://www.google.com",
    "https://googleads.g.doubleclick.net",
  ],
  "img-src": [
    "https://*.google-analytics.com",
    "https://*.googletagmanager.com",
    "https://*.g.doubleclick.net",
    "https://*.google.com",
    "https://www.googleadservices.com",
  ],
  "connect-src": [
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
    "https://*.g.doubleclick.net",
    "https://*.google.com",
    "https://www.googleadservices.com",
  ],
  // Ads conversion measurement loads a frame from td.doubleclick.net; remarketing from bid.g.doubleclick.net.
  "frame-src": ["https://td.doubleclick.net", "https://bid.g.doubleclick.net", "https://www.googletagmanager.com"],
}

/**
 * Cloudflare Turnstile, for the spam widget: script and frame only, as Cloudflare's CSP page lists them
 * (https://developers.cloudflare.com/turnstile/reference/content-security-policy/); connect-src is needed
 * only for pre-clearance mode, which the site does not use. Allowed only by a build that renders the widget.
 */
export const TURNSTILE: Sources = {
  "script-src": ["https://challenges.cloudflare.com"],
  "frame-src": ["https://challenges.cloudflare.com"],
}

/** What the site itself needs. */
export const SITE: Sources = {
  "default-src": ["'self'"],
  // Inline scripts are allowed by their sha256 hashes, added at build time; never 'unsafe-inline'.
  "script-src": ["'self'"],
  // The build inlines its CSS in <style> elements and gatsby-plugin-image writes style attributes;
  // style attributes can only be allowed with 'unsafe-inline' (CSS cannot run script).
  "style-src": ["'self'", "'unsafe-inline'"],
  // gatsby-plugin-image placeholders are data: URIs.
  "img-src": ["'self'", "data:"],
  "font-src": ["'self'"],
  // Gatsby fetches page-data/*.json from its own origin; the functions' origin is added at build.
  "connect-src": ["'self'"],
  "frame-src": ["'self'"],
  "manifest-src": ["'self'"],
  "worker-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  // Only in a header, never in a <meta> policy: no site may frame these pages (clickjacking).
  "frame-ancestors": ["'none'"],
}

/**
 * The content editor at /admin/ (Decap CMS), and nothing else: a page of its own, for signed-in
 * editors, with its own header rule, so the site's policy above stays as strict as it is.
 */
export const ADMIN: Sources = {
  "default-src": ["'self'"],
  // Decap validates its configuration with ajv, which compiles the schema with new Function.
  "script-src": ["'self'", "'unsafe-eval'"],
  // Its components are styled by emotion, which writes <style> elements at run time.
  "style-src": ["'self'", "'unsafe-inline'"],
  // Pictures being uploaded are previewed as blob: and data: URLs; editors' avatars come from GitHub.
  "img-src": ["'self'", "data:", "blob:", "https://avatars.githubusercontent.com"],
  "font-src": ["'self'", "data:"],
  // GitHub's API (the repository) and, when the editor runs on localhost, `npm run cms`'s proxy
  // (Decap only looks for it on localhost; scripts/cms/proxy.ts, CMS_PROXY_PORT).
  "connect-src": ["'self'", "https://api.github.com", "http://localhost:8081"],
  "frame-src": ["'self'"],
  "worker-src": ["'self'", "blob:"],
  "manifest-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
}

/**
 * The lead service worker's own policy (a worker's script is governed by its own response's headers, not
 * the page's): it loads nothing and talks only to the functions, whose origin is added at build.
 */
export const LEAD_SYNC_WORKER: Sources = { "default-src": ["'none'"] }

/** The worker's script is checked with the host on every registration and update: a new version is seen at once. */
export const NO_CACHE = "no-cache"

/** Where the content editor is served (public/admin/, gatsby/cms/admin-files.ts). */
export const ADMIN_PATH = "/admin/"

/** The groups every build's policy has, in the order their sources are written. */
export const POLICY_GROUPS: readonly Sources[] = [SITE, GOOGLE_TAG]

/** This build's groups: Turnstile's origin only when the site renders its widget (GATSBY_TURNSTILE_SITE_KEY). */
export function policyGroups(env: NodeJS.ProcessEnv = process.env): readonly Sources[] {
  return env.GATSBY_TURNSTILE_SITE_KEY?.trim() ? [...POLICY_GROUPS, TURNSTILE] : POLICY_GROUPS
}

/**
 * The local backend's address (LOCAL_API_URL in supabase/functions/_shared/kernel/local-defaults.ts, which
 * a unit test keeps equal). Written out because Gatsby compiles gatsby-node's imports with Parcel,
 * and the broken-data build test compiles them in a copy of the project without supabase/.
 */
export const LOCAL_FUNCTIONS_URL = "http://localhost:54321"

/** The origin the forms post to: GATSBY_SUPABASE_URL as the site is built, else the local backend. */
export function functionsOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.GATSBY_SUPABASE_URL || LOCAL_FUNCTIONS_URL
  return new URL(raw).origin
}

/** Headers sent with every response (the CSP is added to them by the generator). */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  // Two years with preload: the host must stay HTTPS-only for every subdomain (hstspreload.org rules).
  ["Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload"],
  // For old browsers without frame-ancestors.
  ["X-Frame-Options", "DENY"],
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  // Powerful features the site never uses; browsing-topics=() opts out of interest-based ad topics
  // (the old interest-cohort is left out: FLoC is gone and Chromium logs an error for unknown features).
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()"],
]

/**
 * Cache rules. Webpack names every .js and .css file after its content hash, and /static/ holds
 * content-addressed files (gatsby-plugin-image, imported assets), so they never change at a URL.
 * HTML, page-data and the app-data must be revalidated: they name the current hashes.
 */
export const IMMUTABLE = "public, max-age=31536000, immutable"
export const REVALIDATE = "public, max-age=0, must-revalidate"
/**
 * What /static/ holds besides scripts and styles (the pictures gatsby-plugin-image writes, imported fonts and
 * icons), by extension: a `/static/*` rule would set Cache-Control a second time on a script there, which a host
 * that joins repeated headers would send twice.
 */
export const STATIC_ASSET_EXTENSIONS = ["webp", "png", "jpg", "jpeg", "avif", "gif", "svg", "ico", "woff", "woff2"]
export const CACHE_RULES: ReadonlyArray<readonly [string, string]> = [
  ["/*.js", IMMUTABLE],
  ["/*.css", IMMUTABLE],
  ...STATIC_ASSET_EXTENSIONS.map((extension) => [`/static/*.${extension}`, IMMUTABLE] as const),
  ["/page-data/*", REVALIDATE],
  ["/*.html", REVALIDATE],
]
