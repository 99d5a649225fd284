/**
 * Build-time settings that come from the environment or site.yaml before
 * Gatsby's data layer exists (gatsby-config runs first).
 */
import fs from "node:fs"
import path from "node:path"
import dotenv from "dotenv"
import { load } from "js-yaml"
import { englishOf } from "./i18n/data-file"

// Settings from .env (see .env.example) for the build, tests and scripts alike; variables already set win.
dotenv.config({ quiet: true })

export const DEFAULT_SITE_URL = "https://www.westchesterfamilypest.example"

export const dataDir = (env: NodeJS.ProcessEnv = process.env) => path.resolve(env.DATA_DIR ?? "data")

/** The canonical origin, without a trailing slash. */
export function siteUrlFrom(env: NodeJS.ProcessEnv = process.env): string {
  const raw = (env.SITE_URL ?? DEFAULT_SITE_URL).trim().replace(/\/+$/, "")
  if (!/^https?:\/\/[^/\s]+$/.test(raw))
    throw new Error(`SITE_URL must be an origin such as https://www.example.com (got "${raw}")`)
  return raw
}

interface TrackingIds {
  googleAnalyticsId?: unknown
  googleAdsId?: unknown
  adsConversionLabel?: unknown
}

function trackingSettings(env: NodeJS.ProcessEnv, dir: string) {
  let tracking: TrackingIds = {}
  try {
    const site = englishOf(load(fs.readFileSync(path.join(dir, "site.yaml"), "utf8"))) as {
      tracking?: TrackingIds
    } | null
    tracking = site?.tracking ?? {}
  } catch {
    // A missing or broken site.yaml is reported, with file and field, by the data validation.
  }
  const pick = (fromEnv: string | undefined, fromData: unknown) =>
    (fromEnv ?? (typeof fromData === "string" ? fromData : "")).trim()
  return {
    analyticsId: pick(env.GATSBY_GA_MEASUREMENT_ID, tracking.googleAnalyticsId),
    adsId: pick(env.GATSBY_ADS_ID, tracking.googleAdsId),
    conversionLabel: pick(env.GATSBY_ADS_CONVERSION_LABEL, tracking.adsConversionLabel),
  }
}

/** Google tag IDs: the environment wins over data/site.yaml; empty means no tag at all. */
export function gtagIds(env: NodeJS.ProcessEnv = process.env, dir = dataDir(env)): string[] {
  const { analyticsId, adsId } = trackingSettings(env, dir)
  return [analyticsId, adsId].filter(Boolean)
}

/** The Ads conversion's `send_to` ("AW-…/label"); empty unless both the Ads ID and the conversion label are set. */
export function adsConversionTarget(env: NodeJS.ProcessEnv = process.env, dir = dataDir(env)): string {
  const { adsId, conversionLabel } = trackingSettings(env, dir)
  return adsId && conversionLabel ? `${adsId}/${conversionLabel}` : ""
}

/** gatsby-plugin-google-gtag, only when there is an ID to load (it injects only in production builds). */
export const gtagPlugins = (ids: string[]) =>
  ids.length === 0
    ? []
    : [
        {
          resolve: "gatsby-plugin-google-gtag",
          options: { trackingIds: ids, pluginConfig: { head: true, respectDNT: false } },
        },
      ]
