/** data/faq.yaml: the FAQ page's quick actions and questions. */
import { array, string } from "yup"
import { text, strictObject, icon, question } from "./fields"

export const faqSchema = strictObject({
  quickActions: array()
    .of(
      strictObject({
        icon: icon(),
        title: text(),
        text: text(),
        label: text(),
        action: string().required().oneOf(["call", "estimate", "contact"]),
      }),
    )
    .required()
    .length(3, "must have the three quick actions"),
  questionsHeading: text(),
  questions: array().of(question()).required().length(12, "must have twelve questions"),
})
