/**
 * The first and the last campaign touch of this browser, computed from one visit and what
 * was stored before. Pure: the caller passes the address, the referrer, the time and the stored record.
 * Every value goes through the shared contract's cleaners, so whatever is stored is what the functions accept.
 */
import {
  CAMPAIGN_PARAMS,
  cleanCampaignValue,
  cleanLandingPath,
  cleanReferrer,
  type CampaignParam,
  type CleanTouch,
} from "../../../supabase/functions/_shared/kernel/attribution-values.ts"

/** A first touch is kept this long; after that the next visit starts again. */
export const ATTRIBUTION_DAYS = 90
const DAY_MS = 24 * 60 * 60 * 1000

/** What localStorage holds: both touches and when the first one stops counting. */
export interface StoredAttribution {
  first: CleanTouch
  last: CleanTouch
  expiresAt: string
}

export interface Visit {
  /** The page's full address (location.href). */
  url: string
  /** document.referrer: "" when there is none. */
  referrer: string
  now: Date
}

type Campaign = Partial<Record<CampaignParam, string>>

/** The campaign values of an address, cleaned; a parameter cleaned to nothing is left out. */
export function campaignOf(url: URL): Campaign {
  const campaign: Campaign = {}
  for (const param of CAMPAIGN_PARAMS) {
    const raw = url.searchParams.get(param)
    const value = raw === null ? "" : cleanCampaignValue(param, raw)
    if (value !== "") campaign[param] = value
  }
  return campaign
}

/** The referring host when it is another site's; the path and query are never kept (they may carry personal data). */
export function externalReferrer(referrer: string, own: URL): string {
  try {
    const host = new URL(referrer).hostname
    return host === own.hostname ? "" : cleanReferrer(host)
  } catch {
    return ""
  }
}

const sameCampaign = (campaign: Campaign, touch: CleanTouch) =>
  CAMPAIGN_PARAMS.every((param) => (campaign[param] ?? "") === (touch[param] ?? ""))

/** Whether a stored record still counts at `now`. */
export const isLive = (stored: StoredAttribution, now: Date) => Date.parse(stored.expiresAt) > now.getTime()

/**
 * The record after this visit. Nothing (or an expired record) stored: this visit is both touches.
 * Otherwise the last touch is replaced only by a visit bringing campaign values that differ from it;
 * a visit without any changes nothing. Returns null when the stored record stays as it is.
 */
export function nextAttribution(visit: Visit, stored: StoredAttribution | null): StoredAttribution | null {
  let url: URL
  try {
    url = new URL(visit.url)
  } catch {
    return null
  }
  const campaign = campaignOf(url)
  const referrer = externalReferrer(visit.referrer, url)
  const touch: CleanTouch = {
    ...campaign,
    ...(referrer === "" ? {} : { referrer }),
    landing_path: cleanLandingPath(url.pathname),
    at: visit.now.toISOString(),
  }
  if (!stored || !isLive(stored, visit.now))
    return {
      first: touch,
      last: touch,
      expiresAt: new Date(visit.now.getTime() + ATTRIBUTION_DAYS * DAY_MS).toISOString(),
    }
  if (Object.keys(campaign).length === 0 || sameCampaign(campaign, stored.last)) return null
  return { ...stored, last: touch }
}
