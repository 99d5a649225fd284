/**
 * @jest-environment node
 *
 * The on-call list is configuration: a bad entry stops the functions at start with a message naming
 * the entry and the field, never an alert lost later. Its contacts' languages decide who hears first of a
 * visitor who used the site in another language than English.
 */
import fc from "fast-check"
import { E164 } from "../../supabase/functions/_shared/kernel/phone"
import { LANGUAGES } from "../../supabase/functions/_shared/kernel/languages"
import { routingOrder, speaks } from "../../supabase/functions/_shared/alerts/on-call"
import { testConfig } from "./helpers"

const dana = { name: "Dana", sms: "+19145550101", email: "dana@example.com" }
const withContacts = (contacts: unknown) => () => testConfig({ ALERT_CONTACTS: JSON.stringify(contacts) })

test("a valid list is read in order, afterHours false unless set", () => {
  const config = testConfig({
    ALERT_CONTACTS: JSON.stringify([dana, { name: "Eli", chat: "<@U0ELI>", afterHours: true }]),
  })
  expect(config.alerts.contacts).toEqual([
    { ...dana, afterHours: false },
    { name: "Eli", chat: "<@U0ELI>", afterHours: true },
  ])
})

test("any number that is not E.164 is refused, naming the entry and the field (fast-check)", () => {
  const notE164 = fc
    .oneof(
      fc.string(),
      fc.stringMatching(/^\+?[0-9 ()-]{0,18}$/),
      fc.constantFrom("9145550101", "+0145550101", "+1 914 555 0101", "+1914555010199999", "+1914", "(914) 555-0101"),
    )
    .filter((s) => !E164.test(s.trim()))
  fc.assert(
    fc.property(notE164, (sms) => {
      expect(withContacts([dana, { name: "Eli", sms }])).toThrow(/^ALERT_CONTACTS entry 2 \("Eli"\), field "(sms)"/)
    }),
    { numRuns: 300 },
  )
})

test.each([
  [
    "a bad e-mail",
    [dana, { name: "Eli", email: "eli@" }],
    /entry 2 \("Eli"\), field "email": "eli@" is not an e-mail address/,
  ],
  ["an unknown field", [{ ...dana, phone: "+19145550101" }], /entry 1 \("Dana"\): has unknown field\(s\) phone/],
  ["a duplicate name", [dana, { ...dana, name: "dana" }], /entry 2 \("dana"\), field "name": "dana" is listed twice/],
  ["no channel", [{ name: "Eli" }], /entry 1 \("Eli"\): needs at least one of sms, chat, email/],
  ["no name", [{ sms: "+19145550101" }], /entry 1, field "name": is required/],
  ["afterHours not a boolean", [{ ...dana, afterHours: "yes" }], /entry 1 \("Dana"\), field "afterHours"/],
  ["an empty list", [], /must be a non-empty JSON list/],
])("%s stops the config with a message naming it", (_case, contacts, message) => {
  expect(withContacts(contacts)).toThrow(message)
})

test("ALERT_CONTACTS that is not JSON is refused with an example", () => {
  expect(() => testConfig({ ALERT_CONTACTS: "Dana +19145550101" })).toThrow(/not valid JSON: give a list such as/)
})

describe("the languages each contact speaks", () => {
  test("a contact's languages are read as codes, any case or region; a contact without is English-only", () => {
    const config = testConfig({
      ALERT_CONTACTS: JSON.stringify([dana, { name: "Eli", sms: "+19145550102", languages: ["ES-mx", "en", "es"] }]),
    })
    expect(config.alerts.contacts).toEqual([
      { ...dana, afterHours: false },
      { name: "Eli", sms: "+19145550102", afterHours: false, languages: ["es", "en"] },
    ])
    expect(speaks(dana, "en")).toBe(true)
    expect(speaks(dana, "es")).toBe(false)
  })

  test.each([
    ["a language the site does not speak", ["fr"]],
    ["an empty list", []],
    ["a text, not a list", "es"],
    ["a number in the list", ["es", 1]],
  ])("%s stops the config, naming the variable, the entry and the field", (_case, languages) => {
    expect(withContacts([dana, { name: "Eli", sms: "+19145550102", languages }])).toThrow(
      /^ALERT_CONTACTS entry 2 \("Eli"\), field "languages": must be a list of the languages the contact speaks, each one of en, es/,
    )
  })

  const list = [
    { name: "Dana" },
    { name: "Eli", languages: ["es"] as const },
    { name: "Fay" },
    { name: "Gus", languages: ["en", "es"] as const },
  ]
  const names = (contacts: ReadonlyArray<{ name: string }>) => contacts.map((c) => c.name)

  test("a Spanish request goes to those who speak Spanish first, in their order, then to the rest in theirs", () => {
    expect(names(routingOrder(list, "es"))).toEqual(["Eli", "Gus", "Dana", "Fay"])
  })

  test("an English request, or one nobody on the list speaks, goes down the list as it is", () => {
    expect(names(routingOrder(list, "en"))).toEqual(["Dana", "Eli", "Fay", "Gus"])
    expect(names(routingOrder([{ name: "Dana" }, { name: "Fay" }], "es"))).toEqual(["Dana", "Fay"])
  })

  test("the order is the same list, reordered: nobody is left out or named twice (fast-check)", () => {
    const contact = fc.record({
      name: fc.uuid(),
      languages: fc.option(fc.subarray([...LANGUAGES], { minLength: 1 }), { nil: undefined }),
    })
    fc.assert(
      fc.property(
        fc.array(contact, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...LANGUAGES),
        (contacts, language) => {
          const ordered = routingOrder(contacts, language)
          expect([...ordered].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
            [...contacts].sort((a, b) => a.name.localeCompare(b.name)),
          )
          const speakers = contacts.filter((c) => speaks(c, language))
          if (language !== "en" && speakers.length > 0) expect(ordered.slice(0, speakers.length)).toEqual(speakers)
          else expect(ordered).toEqual(contacts)
        },
      ),
    )
  })
})
