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
    request: text(),
    received: text(),
    reference: text(),
    reason: text(),
    sentTo: text(),
    acknowledgedBy: text(),
    acknowledgedAt: text(),
    releasedAt: text(),
    outcome: text(),
    outcomeNote: text(),
  }),
  acknowledge: officeActionTexts().shape({ someone: text(), callLabel: text() }),
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
  }),
  // A summary's "I'm on all N" link: {count}, {waiting} and {to} are filled in.
  acknowledgeAll: officeActionTexts().shape({ takenBy: text() }),
  release: officeActionTexts(),
  // "Confirm <window>": {name}, {window} and {by} are filled in.
  confirm: officeActionTexts().shape({
    fullHeading: text(),
    fullText: text(),
    unavailableHeading: text(),
    unavailableText: text(),
    othersHeading: text(),
    noOthers: text(),
    windowLabel: text(),
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
    states: strictObject({ new: text(), taken: text(), done: text() }),
    minutesLabel: text(),
    missed: text(),
    openBoard: text(),
  }),
})

export type OfficeLinksTexts = InferType<typeof officeLinksSchema>
