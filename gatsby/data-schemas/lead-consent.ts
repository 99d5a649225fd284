import { array, string, type InferType } from "yup"
import { text, strictObject, link } from "./fields"

const versionId = () =>
  string()
    .required()
    .matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a version id of lowercase letters, digits and dashes")

/** Consent versions: ids unique and `current` one of them, so a stored lead's version can always be read back. */
const uniqueIds = (list: readonly { id: string }[] | undefined) => new Set(list?.map((v) => v.id)).size === list?.length
const currentListed = (value: { current: string; versions: readonly { id: string }[] }) =>
  value.versions.some((version) => version.id === value.current)
const CURRENT_MESSAGE = "current must be the id of one of the versions"
const UNIQUE_MESSAGE = "has the same version id twice"

/** What a visitor agrees to by sending a lead form, and the optional SMS opt-in, each by version. */
export const leadConsentSchema = strictObject({
  current: versionId(),
  versions: array()
    .of(strictObject({ id: versionId(), text: text() }))
    .required()
    .min(1)
    .test("unique-ids", UNIQUE_MESSAGE, uniqueIds),
  sms: strictObject({
    current: versionId(),
    versions: array()
      .of(strictObject({ id: versionId(), label: text(), text: text() }))
      .required()
      .min(1)
      .test("unique-ids", UNIQUE_MESSAGE, uniqueIds),
    links: array().of(link()).required().min(1),
  }).test("current-listed", CURRENT_MESSAGE, currentListed),
}).test("current-listed", CURRENT_MESSAGE, currentListed)

export type LeadConsent = InferType<typeof leadConsentSchema>
