/**
 * What the forms say is what happened, in English and in Spanish, on a 390 px phone and a 1280 px desktop: the
 * $49 booking says booked only when its window is held (held, just taken, none picked); an address outside an
 * offer's towns is stored, flagged and told of the offer there; the contact form's outcome closes the keyboard
 * and shows where the visitor looks; the wizard's greyed-out Next and the callback's blank fields say what is
 * missing, beside them. Every text a test expects is read from data/ (the es: sections for Spanish).
 */
import type { Locator, Page } from "playwright-core"
import {
  contactFormTexts,
  estimateWizardTexts,
  fieldErrorsIn,
  fieldLabelOf,
  offerPageTexts,
  readData,
  scarsdaleOfferData,
  windowTexts,
} from "../__tests__/fixtures/data"
import { windowLabel } from "../supabase/functions/_shared/appointments/window-label"
import { confirmable } from "../supabase/functions/_shared/appointments/window-plan"
import { labelWindow } from "../supabase/functions/_shared/kernel/arrival-windows"
import { fill } from "../supabase/functions/_shared/kernel/escape"
import { fieldErrorMessage } from "../supabase/functions/_shared/kernel/field-errors"
import type { Language } from "../supabase/functions/_shared/kernel/languages"
import {
  CITY_OFFERS,
  COMPANY,
  CUSTOMER_TEXTS,
  LEAD_MESSAGES,
} from "../supabase/functions/_shared/kernel/site-data.generated"
import { gotoHydrated, useBrowser, withPage } from "./browser"
import { withDatabase } from "./database"
import { mailTo } from "./mailbox"

const browser = useBrowser()
const OFFICE = "info@westchesterfamilypest.example"

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const
/** Every case: a language and a width, named "en, 390 px". */
const CASES = (["en", "es"] as const).flatMap((language) =>
  VIEWPORTS.map((viewport) => [`${language}, ${viewport.width} px`, language, viewport] as const),
)

/** The pages, by language (data/pages/*.yaml `path`, Spanish ones under /es/). */
const PATHS = {
  booking: { en: "/scarsdale-49-offer/", es: "/es/oferta-scarsdale-49/" },
  offer: { en: "/offer/yonkers39/", es: "/es/oferta/yonkers39/" },
  contact: { en: "/contact/", es: "/es/contacto/" },
  estimate: { en: "/estimate/", es: "/es/cotizacion/" },
} satisfies Record<string, Record<Language, string>>

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
const textbox = (scope: Page | Locator, name: string) => scope.getByRole("textbox", { name, exact: true })
/** A toast's title as its text shows it: without the emoji some titles end with. */
const titleText = (title: string) => title.replace(/\s*\p{Extended_Pictographic}/u, "")

/** The city offer a town's visitor is told of: its cheapest city offer. */
const offerIn = (city: string) => {
  const [cheapest] = CITY_OFFERS.filter((offer) => offer.city === city).sort(
    (a, b) => Number(a.price.slice(1)) - Number(b.price.slice(1)),
  )
  if (!cheapest) throw new Error(`no city offer in ${city}`)
  return cheapest
}
/** The note of the offer for `place` (the data's `outsideOffer`), in the visitor's language. */
const outsideNote = (language: Language, towns: string, place: string) =>
  fill(CUSTOMER_TEXTS[language].messages.responses.outsideOffer, {
    towns,
    place,
    offer: offerIn(place).names[language],
    offerPrice: offerIn(place).price,
  })

// ---- The $49 booking ----

const bookingTexts = (language: Language) => {
  const data = scarsdaleOfferData(language)
  const amounts = { ...data.amounts }
  const filled = (text: string) => fill(text, amounts)
  return { data, amounts, filled, email: CUSTOMER_TEXTS[language].messages.customerEmail }
}

/**
 * Opens the $49 page and fills the booking; `pick` chooses a window's box in the picker (none is picked without
 * it). Returns the submit button and the id of the window picked (null: none).
 */
async function fillBooking(
  page: Page,
  language: Language,
  who: { name: string; email: string; street: string },
  pick?: (windows: Locator) => Promise<Locator>,
) {
  const { data, filled } = bookingTexts(language)
  await gotoHydrated(page, PATHS.booking[language])
  const form = data.form
  const submit = page.getByRole("button", { name: filled(form.submitLabel) })
  await submit.and(page.locator(":enabled")).waitFor()
  await textbox(page, fieldLabelOf(form, "fullName")).fill(who.name)
  await textbox(page, fieldLabelOf(form, "phone")).fill("(914) 555-0142")
  await textbox(page, fieldLabelOf(form, "email")).fill(who.email)
  await textbox(page, fieldLabelOf(form, "streetAddress")).fill(who.street)
  let picked: string | null = null
  if (pick) {
    const picker = page.getByRole("group", { name: windowTexts(language).legend })
    const windows = picker.getByRole("checkbox").and(page.locator("[name=preferredWindows]"))
    // The calendar has come: its windows are listed.
    await windows.first().waitFor()
    const box = await pick(windows)
    await box.check()
    picked = await box.getAttribute("value")
  }
  return { submit, picked }
}

/** `fillBooking` with a window picked by `pick`, and that window as the plan has it. */
async function fillBookingWithWindow(
  page: Page,
  language: Language,
  who: { name: string; email: string; street: string },
  pick: (windows: Locator) => Promise<Locator>,
) {
  const { submit, picked } = await fillBooking(page, language, who, pick)
  const window = confirmable(picked ?? "", new Date())
  if (!window) throw new Error(`the window picked (${picked}) is not one of the plan's`)
  return { submit, window }
}

/** A visitor of each case's own (the mailbox and the tables tell the cases apart by them). */
const visitorOf = (first: string, last: string, language: Language, width: number) => ({
  name: `${first} ${last} ${language}${width}`,
  email: `${first.toLowerCase()}.${language}${width}@example.com`,
})

/**
 * The window `n` places before the last offered: the run's other tests take the first ones, and each held booking
 * here takes one of its own (a page is told of the free windows as they stood seconds ago, so a window an earlier
 * case filled may still be offered, and rightly answered "taken").
 */
const fromEnd = (n: number) => async (windows: Locator) => windows.nth((await windows.count()) - 1 - n)
/** A case's place in CASES. */
const caseIndex = (name: string) => CASES.findIndex(([each]) => each === name)

/** The toast of a booking's outcome. */
const bookingToast = (page: Page, language: Language) =>
  page.getByRole("status").filter({ hasText: titleText(bookingTexts(language).data.form.successTitle) })

describe("the $49 booking says booked only when a window is held", () => {
  test.each(CASES)(
    "%s: a free window picked is held; the thank-you, the toast and the e-mail say booked for it",
    (name, language, viewport) =>
      withPage(
        browser(),
        ({ page, errors }) =>
          withDatabase(async (db) => {
            const { data, filled, email } = bookingTexts(language)
            const who = visitorOf("Holly", "Held", language, viewport.width)
            const { submit, window } = await fillBookingWithWindow(
              page,
              language,
              { ...who, street: "40 Heathcote Road" },
              fromEnd(caseIndex(name)),
            )
            await submit.click()
            await page.getByRole("heading", { name: filled(data.thankYou.heading) }).waitFor()
            // The thank-you and the toast name the window held as the picker does (its data's windowLabel), the
            // e-mail as every message does (lead-messages' appointments.windowLabel).
            const shown = labelWindow(window, COMPANY.timeZone, windowTexts(language).windowLabel, language)
            const thankYou = page.locator("[data-placement=thank-you]")
            expect(await thankYou.innerText()).toContain(fill(data.thankYou.heldLine, { window: shown }))
            expect(await bookingToast(page, language).innerText()).toContain(
              fill(filled(data.form.successText), { window: shown }),
            )
            const holds = await db`select h.window_id from window_holds h join leads l on l.id = h.lead_id
              where l.email = ${who.email}`
            expect([...holds]).toEqual([{ window_id: window.id }])
            const subject = fill(email.bookingSubject, { window: windowLabel(window, language) })
            const mail = await mailTo(who.email, new RegExp(escapeRegExp(subject)))
            expect(mail.subject).toBe(subject)
            expect(mail.text_body).toContain(windowLabel(window, language))
            expect(errors).toEqual([])
          }),
        viewport,
      ),
  )

  test.each(CASES)(
    "%s: a window taken before the booking is sent: stored, nothing held, and every text says the price is reserved",
    (_name, language, viewport) =>
      withPage(
        browser(),
        ({ page, errors }) =>
          withDatabase(async (db) => {
            const { data, filled, email } = bookingTexts(language)
            const who = visitorOf("Tina", "Taken", language, viewport.width)
            const { submit, window } = await fillBookingWithWindow(
              page,
              language,
              { ...who, street: "40 Heathcote Road" },
              fromEnd(0),
            )
            // Others book it while the visitor types: every visit of the window taken (by holds and appointments,
            // which count in window_bookings), given back after the test for the run's other tests.
            const [before] = await db<
              { booked: number }[]
            >`select booked from window_bookings where window_id = ${window.id}`
            await db`insert into window_bookings (window_id, starts_at, booked) values (${window.id}, ${window.startsAt}, ${window.visits})
              on conflict (window_id) do update set booked = ${window.visits}`
            try {
              await submit.click()
              await page.getByRole("heading", { name: filled(data.thankYou.callHeading) }).waitFor()
              expect(await page.getByText(data.thankYou.takenLine).count()).toBe(1)
              expect(await page.getByRole("heading", { name: filled(data.thankYou.heading) }).count()).toBe(0)
              expect(await bookingToast(page, language).innerText()).toContain(filled(data.form.successTakenText))
              const leads = await db<{ id: string }[]>`select id from leads where email = ${who.email}`
              expect(leads).toHaveLength(1)
              expect(await db`select 1 from window_holds where lead_id = ${leads[0]!.id}`).toHaveLength(0)
              const mail = await mailTo(who.email, new RegExp(escapeRegExp(email.bookingCallSubject)))
              expect(mail.subject).toBe(email.bookingCallSubject)
              expect(mail.text_body).toContain(email.bookingTakenNote)
            } finally {
              if (before) await db`update window_bookings set booked = ${before.booked} where window_id = ${window.id}`
              else await db`delete from window_bookings where window_id = ${window.id}`
            }
            expect(errors).toEqual([])
          }),
        viewport,
      ),
  )

  /** Where the booking comes from: its street, and the town of the offer it is told of instead (none: the offer's own). */
  const STREETS = [
    { from: "Scarsdale", street: "40 Heathcote Road", toldOf: null },
    { from: "Yonkers", street: "5 Elm St, Yonkers, NY 10701", toldOf: "Yonkers" },
  ] as const
  test.each(
    CASES.flatMap(([name, language, viewport]) =>
      STREETS.map((where) => [name, where.from, language, viewport, where] as const),
    ),
  )(
    "%s: no window, from a %s street: the price is reserved on the thank-you, the toast and the e-mail, nothing held; from another town, the offer there is told on the thank-you and in the e-mail, and the lead flagged",
    (_name, _from, language, viewport, where) =>
      withPage(
        browser(),
        ({ page, errors }) =>
          withDatabase(async (db) => {
            const { data, filled, email } = bookingTexts(language)
            const who = {
              name: `Rita Reserved ${where.from} ${language}${viewport.width}`,
              email: `rita.${where.from.toLowerCase()}.${language}${viewport.width}@example.com`,
            }
            const { submit } = await fillBooking(page, language, { ...who, street: where.street })
            await submit.click()
            await page.getByRole("heading", { name: filled(data.thankYou.callHeading) }).waitFor()
            expect(await page.getByText(data.thankYou.callLine).count()).toBe(1)
            expect(await page.getByRole("heading", { name: filled(data.thankYou.heading) }).count()).toBe(0)
            expect(await bookingToast(page, language).innerText()).toContain(filled(data.form.successCallText))
            const leads = await db<{ street_address: string; flags: Array<{ code: string; detail: string }> }[]>`
              select street_address, flags from leads where email = ${who.email}`
            expect(leads).toHaveLength(1)
            expect(leads[0]!.street_address).toBe(where.street)
            const flagged = leads[0]!.flags.some((flag) => flag.code === "outside_offer_area")
            const mail = await mailTo(who.email, new RegExp(escapeRegExp(email.bookingCallSubject)))
            expect(mail.subject).toBe(email.bookingCallSubject)
            expect(mail.text_body).toContain(email.bookingCallNextSteps[0])
            const notice = await mailTo(OFFICE, new RegExp(who.name))
            // The note's opening words, whichever offer it names.
            const noteOpening = CUSTOMER_TEXTS[language].messages.responses.outsideOffer.split("{")[0] ?? ""
            if (where.toldOf === null) {
              expect(await page.getByText(noteOpening).count()).toBe(0)
              expect(mail.text_body).not.toContain(noteOpening)
              expect(flagged).toBe(false)
            } else {
              const note = outsideNote(language, "Scarsdale", where.toldOf)
              expect(await page.getByText(note, { exact: true }).isVisible()).toBe(true)
              expect(mail.text_body).toContain(note)
              expect(flagged).toBe(true)
              expect(notice.text_body).toContain(LEAD_MESSAGES.flags.labels.outside_offer_area)
            }
            expect(
              await db`select 1 from window_holds h join leads l on l.id = h.lead_id where l.email = ${who.email}`,
            ).toHaveLength(0)
            expect(errors).toEqual([])
          }),
        viewport,
      ),
  )
})

// ---- The city offer's callback ----

/** The input's messages: the text of every element its aria-describedby names. */
const descriptionOf = (input: Locator) =>
  input.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent.trim() ?? "")
      .filter(Boolean),
  )

/** The message shown right under its field (within a line's height of it), in view. */
async function expectBeside(page: Page, input: Locator, message: string) {
  const shown = page.getByText(message, { exact: true })
  expect(await shown.isVisible()).toBe(true)
  const field = await input.boundingBox()
  const text = await shown.boundingBox()
  expect(field && text && text.y - (field.y + field.height)).toBeGreaterThanOrEqual(0)
  expect(field && text && text.y - (field.y + field.height)).toBeLessThan(40)
}

test.each(CASES)(
  "%s: the callback's blank name and phone are told beside them in the page's language and nothing is posted; sent from White Plains, the thank-you tells of the White Plains offer, and the lead is stored and flagged",
  (_name, language, viewport) =>
    withPage(
      browser(),
      ({ page, errors }) =>
        withDatabase(async (db) => {
          const texts = offerPageTexts(language).callback
          const words = fieldErrorsIn(language)
          const posted: string[] = []
          page.on("request", (request) => {
            if (request.url().includes("/functions/v1/process-simple-lead")) posted.push(request.url())
          })
          await gotoHydrated(page, PATHS.offer[language])
          const form = page.locator("form", { has: page.getByRole("button", { name: texts.submitLabel }) })
          const submit = form.getByRole("button", { name: texts.submitLabel })
          await submit.and(page.locator(":enabled")).waitFor()
          // The form says what is missing itself: the browser's bubble is off.
          expect(await form.evaluate((element) => element instanceof HTMLFormElement && element.noValidate)).toBe(true)
          const name = textbox(form, fieldLabelOf(texts, "full_name"))
          const phone = textbox(form, fieldLabelOf(texts, "phone"))
          await name.fill("   ")
          await submit.click()
          const nameMessage = fieldErrorMessage({ code: "enter", field: "name" }, words)
          await page.getByText(nameMessage, { exact: true }).waitFor()
          expect(await name.getAttribute("aria-invalid")).toBe("true")
          expect(await descriptionOf(name)).toContain(nameMessage)
          await expectBeside(page, name, nameMessage)
          expect(await phone.getAttribute("aria-invalid")).toBe("true")
          expect(await descriptionOf(phone)).toContain(words.phoneRequired)
          await expectBeside(page, phone, words.phoneRequired)
          expect(posted).toEqual([])

          const who = `Wanda Plains ${language}${viewport.width}`
          await name.fill(who)
          await phone.fill("914-555-0166")
          await textbox(form, fieldLabelOf(texts, "city")).fill("White Plains")
          await submit.click()
          const thankYou = offerPageTexts(language).thankYou.heading
          await page.getByRole("heading", { level: 1, name: thankYou }).waitFor()
          const note = outsideNote(language, "Yonkers", "White Plains")
          expect(await page.getByText(note, { exact: true }).isVisible()).toBe(true)
          expect(posted).toHaveLength(1)
          const leads = await db<{ city: string; flags: Array<{ code: string; detail: string }> }[]>`
            select city, flags from leads where full_name = ${who}`
          expect(leads).toHaveLength(1)
          expect(leads[0]!.city).toBe("White Plains")
          const flag = leads[0]!.flags.find((f) => f.code === "outside_offer_area")
          expect(flag?.detail).toContain("White Plains")
          const notice = await mailTo(OFFICE, new RegExp(who))
          expect(notice.text_body).toContain(LEAD_MESSAGES.flags.labels.outside_offer_area)
          expect(notice.text_body).toContain("White Plains")
          expect(errors).toEqual([])
        }),
      viewport,
    ),
)

// ---- The contact form ----

test.each(CASES)(
  "%s: the contact form's outcome lets go of the field typed in, and its toast is in view, at the top of a phone and the bottom of a desktop",
  (_name, language, viewport) =>
    withPage(
      browser(),
      async ({ page, errors }) => {
        const form = contactFormTexts(language)
        await gotoHydrated(page, PATHS.contact[language])
        await page.getByRole("button", { name: form.submitLabel }).and(page.locator(":enabled")).waitFor()
        await textbox(page, fieldLabelOf(form, "name")).fill(`Fiona Focus ${language}${viewport.width}`)
        await textbox(page, fieldLabelOf(form, "email")).fill(`fiona.${language}${viewport.width}@example.com`)
        await textbox(page, fieldLabelOf(form, "message")).fill("Ants by the back door")
        // Sent from the keyboard, as on a phone: the field typed in has the focus (and the phone its keyboard open).
        const phone = textbox(page, fieldLabelOf(form, "phone"))
        await phone.fill("914-555-0100")
        await phone.press("Enter")
        const toast = page.getByRole("status").filter({ hasText: titleText(form.successTitle) })
        await toast.waitFor()
        const focused = await page.evaluate(() => {
          const active = document.activeElement
          return active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? active.name : null
        })
        expect(focused).toBeNull()
        const box = await toast.boundingBox()
        if (!box) throw new Error("the toast has no box")
        expect(box.x).toBeGreaterThanOrEqual(0)
        expect(box.y).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
        if (viewport.width < 640) expect(box.y).toBeLessThan(viewport.height / 4)
        else expect(box.y + box.height).toBeGreaterThan((viewport.height * 3) / 4)
        // Nothing covers it: its middle is the toast's own.
        expect(
          await toast.evaluate((element) => {
            const { x, y, width, height } = element.getBoundingClientRect()
            return element.contains(document.elementFromPoint(x + width / 2, y + height / 2))
          }),
        ).toBe(true)
        expect(errors).toEqual([])
      },
      viewport,
    ),
)

// ---- The estimate wizard ----

const HINT_ID = "estimate-next-hint"

/** The Next button's description (the element aria-describedby names), or null when it has none. */
const nextDescription = (next: Locator) =>
  next.evaluate((element) => {
    const id = element.getAttribute("aria-describedby")
    return id === null ? null : { id, text: document.getElementById(id)?.textContent.trim() ?? "" }
  })

test.each(CASES)(
  "%s: the wizard's greyed-out Next says what is missing, step 6's fields by their labels; once answered, the hint is gone and Next goes on",
  (_name, language, viewport) =>
    withPage(
      browser(),
      async ({ page, errors }) => {
        const texts = estimateWizardTexts(language)
        const options = readData<{ propertyTypes: Array<{ label: string }> }>("estimate-options.yaml", language)
        const ticks = readData<{ name: string }>("pests/ticks.yaml", language).name
        await gotoHydrated(page, PATHS.estimate[language])
        const next = page.getByRole("button", { name: texts.nextLabel, exact: true })
        const hint = page.locator(`#${HINT_ID}`)
        /** Next greyed out, described by the hint, which is shown. */
        const expectMissing = async (text: string) => {
          await hint.filter({ hasText: text }).waitFor()
          expect(await next.isDisabled()).toBe(true)
          expect(await nextDescription(next)).toEqual({ id: HINT_ID, text })
          expect(await hint.isVisible()).toBe(true)
        }
        /** Next works and says nothing is missing. */
        const expectAnswered = async () => {
          await next.and(page.locator(":enabled")).waitFor()
          expect(await nextDescription(next)).toBeNull()
          expect(await hint.count()).toBe(0)
        }

        await expectMissing(texts.nextHints.propertyType)
        await page.getByRole("radio", { name: options.propertyTypes[1]?.label }).check()
        await expectAnswered()
        await next.click()
        await expectMissing(texts.nextHints.servicePlan)
        await page.getByRole("radio", { name: "C•ARE+", exact: true }).check()
        await expectAnswered()
        await next.click()
        await expectMissing(texts.nextHints.pests)
        await page.getByRole("checkbox", { name: ticks }).check()
        await expectAnswered()
        await next.click()
        // Step 5 (an annual plan skips step 4) asks nothing that must be answered.
        await page.getByRole("group", { name: windowTexts(language).legend }).waitFor()
        await expectAnswered()
        await next.click()

        const labels = texts.contactStep.fields
        const label = (name: string) => fieldLabelOf({ fields: labels }, name)
        await textbox(page, label("fullName")).fill("Nina Next")
        await textbox(page, label("email")).fill(`nina.${language}${viewport.width}@example.com`)
        await textbox(page, label("streetAddress")).fill("8 Birch Lane")
        await textbox(page, label("city")).fill("Rye")
        await textbox(page, label("state")).fill("NY")
        // The phone and the ZIP code are still blank: named by their labels, in the form's order.
        await expectMissing(fill(texts.nextHints.contact, { fields: [label("phone"), label("zipCode")].join(", ") }))
        await textbox(page, label("phone")).fill("(914) 555-0177")
        await expectMissing(fill(texts.nextHints.contact, { fields: label("zipCode") }))
        await textbox(page, label("zipCode")).fill("10580")
        await expectAnswered()
        await next.click()
        await page.getByRole("group", { name: texts.stepTitles[6] }).waitFor()
        expect(errors).toEqual([])
      },
      viewport,
    ),
)
