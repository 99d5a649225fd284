/** The texts of data/office-links.yaml, as the office link pages use them. */
export interface HeadingAndText {
  readonly heading: string
  readonly text: string
}

export interface OfficeActionTexts {
  readonly readyHeading: string
  readonly readyText: string
  readonly confirmLabel: string
  readonly confirmingLabel: string
  readonly doneHeading: string
  readonly doneText: string
  readonly alreadyHeading: string
  readonly alreadyText: string
}

export interface OfficeLinkTexts {
  readonly checking: string
  readonly retryLabel: string
  readonly incomplete: HeadingAndText
  readonly invalid: HeadingAndText
  readonly expired: HeadingAndText
  readonly notFound: HeadingAndText
  readonly failed: HeadingAndText
  readonly labels: {
    readonly kind: string
    readonly name: string
    readonly phone: string
    readonly request: string
    readonly received: string
    readonly reference: string
    readonly reason: string
    readonly sentTo: string
    readonly acknowledgedBy: string
    readonly acknowledgedAt: string
    readonly releasedAt: string
  }
  readonly acknowledge: OfficeActionTexts & { readonly someone: string; readonly callLabel: string }
  /** A summary's "I'm on all N" link: {count}, {waiting} and {to} are filled in. */
  readonly acknowledgeAll: OfficeActionTexts & { readonly takenBy: string }
  readonly release: OfficeActionTexts
}

/** What both pages are given besides their texts. */
export interface OfficePageProps {
  heading: string
  intro: string
  texts: OfficeLinkTexts
  companyName: string
  phone: { readonly display: string; readonly e164: string }
  /** The company's time zone (data/site.yaml), in which every time is shown. */
  timeZone: string
}
