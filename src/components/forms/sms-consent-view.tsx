import { Link } from "gatsby"
import type { ReactNode } from "react"
import { useLeadTexts } from "../../lib/leads/lead-texts"

export const SMS_CONSENT_ID = "sms-consent"
export const SMS_CONSENT_CLASS = "mt-0.5 size-6 shrink-0 accent-brand-700"

/**
 * The optional "text me" opt-in with the disclosures carriers require (brand, purpose, frequency, rates,
 * STOP/HELP, terms and privacy). `checkbox` is the live form's; the prerendered form draws a plain one.
 * Never pre-checked, never required.
 */
export function SmsConsentView({ checkbox }: { checkbox?: ReactNode }) {
  const texts = useLeadTexts()
  if (!texts) return null
  const { label, text, links } = texts.sms
  return (
    <div className="flex gap-3">
      {checkbox ?? <input id={SMS_CONSENT_ID} type="checkbox" className={SMS_CONSENT_CLASS} />}
      <div>
        <label htmlFor={SMS_CONSENT_ID} className="font-medium text-slate-800">
          {label}
        </label>
        <p id={`${SMS_CONSENT_ID}-text`} className="text-xs text-slate-600">
          {text}{" "}
          {links.map((link) => (
            <Link key={link.path} to={link.path} className="mr-2 underline">
              {link.label}
            </Link>
          ))}
        </p>
      </div>
    </div>
  )
}
