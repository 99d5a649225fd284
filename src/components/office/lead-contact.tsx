import type { AcknowledgeAnswer } from "../../lib/office/office-answers"
import type { DetailRow } from "./office-details"
import type { OfficeLinkTexts } from "./types"

type Lead = AcknowledgeAnswer["lead"]

const LINK_CLASS = "font-semibold text-brand-800 underline"

/** A text message's link to the number of a call link: `sms:` takes the number alone, never its extension. */
export const textHref = (tel: string) => `sms:${tel.replace(/^tel:/, "").replace(/;.*$/, "")}`

/**
 * The visitor's phone and e-mail as links to tap at once, from any office page: the page is behind a signed,
 * rate-limited link, so whoever holds it may call, text or write before taking the request.
 */
export function contactRows(lead: Lead, texts: OfficeLinkTexts): DetailRow[] {
  const { labels } = texts
  return [
    [
      labels.phone,
      lead.tel ? (
        <span className="flex flex-wrap gap-x-4">
          <a href={lead.tel} className={LINK_CLASS}>
            {lead.phone}
          </a>
          <a href={textHref(lead.tel)} className={LINK_CLASS}>
            {texts.acknowledge.textLabel}
          </a>
        </span>
      ) : (
        lead.phone
      ),
    ],
    [
      labels.email,
      lead.email && (
        <a href={`mailto:${lead.email}`} className={LINK_CLASS}>
          {lead.email}
        </a>
      ),
    ],
  ]
}

/** "Prefers Spanish: call back in Spanish", first thing and marked, as the alerts say it; nothing for English. */
export function PrefersNote({ lead }: { lead: Lead }) {
  if (!lead.prefers) return null
  return <p className="mt-4 rounded-lg bg-amber-100 px-4 py-2 font-semibold text-amber-900">{lead.prefers}</p>
}
