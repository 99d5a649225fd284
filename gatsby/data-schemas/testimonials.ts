/** data/testimonials.yaml: the customers' words the site quotes. */
import { array } from "yup"
import { text, strictObject, testimonial } from "./fields"

export const testimonialsSchema = strictObject({
  heading: text(),
  items: array().of(testimonial()).required().min(3),
})
