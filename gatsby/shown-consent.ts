/**
 * The consent texts a form shows: the current version of each, with the company's name in place. Worked
 * out at build time (a GraphQL field of LeadConsentYaml, see schema.ts), so no page carries the code.
 */
export interface ConsentVersions<V extends { id: string }> {
  current: string
  versions: readonly V[]
}

/** data/lead-consent.yaml as the schema has checked it. */
export interface LeadConsentData extends ConsentVersions<{ id: string; text: string }> {
  sms: ConsentVersions<{ id: string; label: string; text: string }> & { links: readonly ConsentLink[] }
}

interface ConsentLink {
  label: string
  path: string
}

/** What a lead from each form is worth (data/site.yaml leadValues). */
export interface LeadValues {
  currency: string
  contact: number
  estimate: number
}

/** Everything a lead form shows and records besides its own fields, as the forms read it (LeadTexts). */
export interface ShownConsent {
  consent: { version: string; text: string }
  sms: { version: string; label: string; text: string; links: readonly ConsentLink[] }
  values: LeadValues
}

function current<V extends { id: string }>({ current: id, versions }: ConsentVersions<V>): V {
  const version = versions.find((v) => v.id === id)
  if (!version) throw new Error(`data/lead-consent.yaml: no version ${id}`)
  return version
}

export function shownConsent(data: LeadConsentData, company: string, values: LeadValues): ShownConsent {
  const consent = current(data)
  const sms = current(data.sms)
  return {
    consent: { version: consent.id, text: consent.text.replaceAll("{company}", company) },
    sms: { version: sms.id, label: sms.label, text: sms.text.replaceAll("{company}", company), links: data.sms.links },
    values,
  }
}
