import { array } from "yup"
import { text, textList, strictObject } from "./fields"

/** The internal notes of /offers. */
export const offersIndexSchema = strictObject({
  cardLabels: strictObject({ price: text(), couponCode: text(), phone: text(), heroVariant: text(), open: text() }),
  features: strictObject({
    heading: text(),
    groups: array()
      .of(strictObject({ heading: text(), items: textList() }))
      .required()
      .min(1),
  }),
  addCity: strictObject({ heading: text(), intro: text(), steps: textList(), exampleHeading: text(), example: text() }),
})
