/**
 * @jest-environment node
 *
 * One promise per form (data/response-promises.yaml): every text of data/ says it by placeholder, the build
 * fills it in the site's texts (GraphQL) and in the functions' copy, and a misspelt placeholder fails the build.
 */
import fs from "node:fs"
import path from "node:path"
import { load } from "js-yaml"
import { DATA_FILE_KINDS } from "../gatsby/data-schemas"
import { graphqlSchemaDefs } from "../gatsby/graphql-from-yup"
import { promisesExtension } from "../gatsby/schema"
import { promiseValues, unknownPromises } from "../gatsby/promise-texts"
import { fillTexts } from "../supabase/functions/_shared/kernel/escape"
import { validateDataFile } from "../gatsby/validate-data"
import type { ResponsePromises } from "../gatsby/data-schemas/response-promises"
import { LEAD_MESSAGES, RESPONSE_PROMISES } from "../supabase/functions/_shared/kernel/site-data.generated"
import { dataFiles, readData } from "./fixtures/data"

const DATA = path.join(__dirname, "..", "data")
const raw = (file: string) => fs.readFileSync(path.join(DATA, file), "utf8")
const promises = (load(raw("response-promises.yaml")) as { en: ResponsePromises }).en
const spanishPromises = readData<ResponsePromises>("response-promises.yaml", "es")

test("no text of data/ writes a form's promise out: each says it by its placeholder, once in response-promises.yaml", () => {
  const phrases = [...new Set(Object.values(promises).map((p) => p.text))]
  const offenders = dataFiles()
    .filter((file) => file !== "response-promises.yaml")
    .flatMap((file) => phrases.filter((phrase) => raw(file).includes(phrase)).map((phrase) => `${file}: "${phrase}"`))
  expect(offenders).toEqual([])
  // And the forms' pages do use them.
  expect(raw("offer-page.yaml")).toContain("{callbackPromise}")
  expect(raw("contact-page.yaml")).toContain("{contactPromise}")
  expect(raw("scarsdale-offer.yaml")).toContain("{bookingPromise}")
  expect(raw("estimate-wizard.yaml")).toContain("{estimatePromise}")
})

test("the site's texts have the promises filled in, as the GraphQL layer serves them", () => {
  const offerPage = readData<{ thankYou: { text: string }; callback: { successText: string } }>("offer-page.yaml")
  expect(offerPage.thankYou.text).toContain(`call you ${promises.callback.text}.`)
  expect(offerPage.callback.successText).toBe(`We'll call you ${promises.callback.text}.`)
  expect(JSON.stringify(readData("contact-page.yaml"))).toContain(promises.contact.text)
  // Each language's texts with that language's promise.
  expect(spanishPromises.callback.text).not.toBe(promises.callback.text)
  const spanishPage = readData<{ callback: { successText: string } }>("offer-page.yaml", "es")
  expect(spanishPage.callback.successText).toContain(spanishPromises.callback.text)
  expect(JSON.stringify(readData("contact-page.yaml", "es"))).toContain(spanishPromises.contact.text)
})

test("the GraphQL field extension fills a text's promises and leaves any other placeholder to its own filler", async () => {
  const { resolve } = promisesExtension.extend({}, {})
  const context = {
    nodeModel: {
      findOne: () =>
        Promise.resolve({ id: "x", ...promises, callback: { ...promises.callback, text: "in 2 minutes" } }),
      // The text's node: a nested object is tracked to the data node (and language) it is in.
      findRootNodeAncestor: () => ({ lang: "en" }),
    },
    // Gatsby's default resolver reads the field of the node: here always the text.
    defaultFieldResolver: (source: unknown): unknown =>
      typeof source === "object" && source !== null && "text" in source ? source.text : undefined,
  }
  const value = await resolve({ text: "Call {callbackPromise} at {phone}." }, {}, context, { fieldName: "text" })
  expect(value).toBe("Call in 2 minutes at {phone}.")
  // Every type's text fields carry it.
  expect(graphqlSchemaDefs(DATA_FILE_KINDS, { stringDirective: promisesExtension.name }).join("\n")).toMatch(
    /heading: String! @promises/,
  )
})

test("the functions' copy carries the promises filled in", () => {
  expect(RESPONSE_PROMISES).toEqual(promises)
  expect(LEAD_MESSAGES.responses.callback).toBe(`We'll call you ${promises.callback.text}.`)
  expect(LEAD_MESSAGES.customerEmail.bookingNextSteps[0]).toContain(promises.booking.text)
  expect(JSON.stringify(LEAD_MESSAGES)).not.toMatch(/\{\w+Promise\}/)
})

test("a changed promise flows everywhere from the one value", () => {
  const changed = promiseValues({ ...promises, contact: { text: "within 2 hours", minutes: 120 } })
  expect(fillTexts({ a: ["We reply {contactPromise}."] }, changed)).toEqual({ a: ["We reply within 2 hours."] })
})

test("a misspelt promise placeholder fails the build, naming the file, entry and field", () => {
  const page = readData("pages/contact.yaml")
  const problems = validateDataFile("pages/contact.yaml", {
    ...page,
    intro: "We reply {contactPromis} or {callPromise}.",
  })
  expect(problems).toEqual([
    expect.objectContaining({
      file: "pages/contact.yaml",
      field: "intro",
      message: expect.stringContaining("{callPromise}") as string,
    }),
  ])
  expect(unknownPromises("{contactPromise} {estimatesPromise}")).toEqual(["estimatesPromise"])
})

test("a promise of 0 minutes or a week and more is refused", () => {
  const problems = validateDataFile("response-promises.yaml", {
    ...promises,
    callback: { ...promises.callback, minutes: 0 },
    contact: { ...promises.contact, minutes: 7 * 24 * 60 + 1 },
  })
  expect(problems.map((p) => p.field).sort()).toEqual(["callback.minutes", "contact.minutes"])
})
