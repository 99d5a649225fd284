/** data/contact-page.yaml: the contact page's texts and its form's. */
import { array, type InferType } from "yup"
import { text, textList, strictObject, formOutcomeTexts, WITH_FORM_OUTCOME } from "./fields"
import { CONTACT_REQUEST } from "../../supabase/functions/_shared/kernel/contact-request.ts"
import { requestFieldTexts } from "./request-field-texts"

export const contactPageSchema = strictObject({
  formHeading: text(),
  formIntro: text(),
  whyHeading: text(),
  whyPoints: array().of(text()).required().length(4, "must have four points"),
  phoneLabel: text(),
  emailLabel: text(),
  areaLabel: text(),
  areaSummary: text(),
  hoursLabel: text(),
  sameDay: strictObject({ heading: text(), text: text(), callLabel: text() }),
  serviceAreaHeading: text(),
  serviceAreaPlaces: textList(),
  serviceAreaNote: text(),
  form: strictObject({
    // The words of each field the contact request declares (kernel/contact-request.ts), by its name.
    fields: requestFieldTexts(CONTACT_REQUEST),
    submitLabel: text(),
    sendingLabel: text(),
    ...formOutcomeTexts,
  }).meta(WITH_FORM_OUTCOME),
})

export type ContactPageTexts = InferType<typeof contactPageSchema>
