import { type InferType } from "yup"
import { text, strictObject } from "./fields"

const headingAndText = () => strictObject({ heading: text(), text: text() })

/** What the office's one-tap pages say in each state of a link; {placeholders} come from the backend's answer. */
const officeActionTexts = () =>
  strictObject({
    readyHeading: text(),
    readyText: text(),
    confirmLabel: text(),
    confirmingLabel: text(),
    doneHeading: text(),
    doneText: text(),
    alreadyHeading: text(),
    alreadyText: text(),
  })

/** The texts of /office/acknowledge/ and /office/release/, the pages the office's alerts and spam digest link to. */
export const officeLinksSchema = strictObject({
  checking: text(),
  retryLabel: text(),
  incomplete: headingAndText(),
  invalid: headingAndText(),
  expired: headingAndText(),
  notFound: headingAndText(),
  failed: headingAndText(),
  labels: strictObject({
    kind: text(),
    name: text(),
    phone: text(),
    email: text(),
    request: text(),
    received: text(),
    reference: text(),
    reason: text(),
    sentTo: text(),
    acknowledgedBy: text(),
    takenFrom: text(),
    acknowledgedAt: text(),
    releasedAt: text(),
    outcome: text(),
    outcomeNote: text(),
  }),
  // The *Shared texts are for a request taken from a shared address (the office inbox), not by a person.
  acknowledge: officeActionTexts().shape({
    doneHeadingShared: text(),
    doneTextShared: text(),
    someone: text(),
    callLabel: text(),
    textLabel: text(),
  }),
  outcome: strictObject({
    whoLabel: text(),
    heading: text(),
    hint: text(),
    noteLabel: text(),
    saveLabel: text(),
    changeLabel: text(),
    savingLabel: text(),
    savedHeading: text(),
    savedText: text(),
    recordedBy: text(),
    // Where the CRM's copy of the outcome is (the outbox job's state).
    crm: strictObject({ sent: text(), queued: text(), notConfigured: text(), failed: text() }),
  }),
  // A summary's "I'm on all N" link: {count}, {waiting} and {to} are filled in.
  acknowledgeAll: officeActionTexts().shape({ doneHeadingShared: text(), doneTextShared: text(), takenBy: text() }),
  release: officeActionTexts(),
  // "Confirm <window>": {name}, {window} and {by} are filled in.
  confirm: officeActionTexts().shape({
    alreadyTextShared: text(),
    alreadyTextNoName: text(),
    fullHeading: text(),
    fullText: text(),
    unavailableHeading: text(),
    unavailableText: text(),
    othersHeading: text(),
    noOthers: text(),
    windowLabel: text(),
    // A window held for a $49 booking: confirmed as any other, or released (given back, the visitor told).
    heldText: text(),
    releaseLabel: text(),
    releasingLabel: text(),
    releasedHeading: text(),
    releasedText: text(),
    releasedUntoldText: text(),
    notHeldHeading: text(),
    notHeldText: text(),
  }),
  // A past week's report (/office/report/): {first} and {last} are a week's days, {recipient} who gets it.
  report: officeActionTexts().shape({ weekLabel: text(), weekOption: text() }),
  board: strictObject({
    todayHeading: text(),
    weekHeading: text(),
    empty: text(),
    countsLabel: text(),
    medianLabel: text(),
    missedLabel: text(),
    moreLabel: text(),
    states: strictObject({ new: text(), taken: text(), takenShared: text(), done: text() }),
    minutesLabel: text(),
    missed: text(),
    openBoard: text(),
  }),
})

export type OfficeLinksTexts = InferType<typeof officeLinksSchema>
