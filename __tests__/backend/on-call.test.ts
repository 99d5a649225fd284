/**
 * @jest-environment node
 *
 * The on-call list is configuration: a bad entry stops the functions at start with a message naming
 * the entry and the field, never an alert lost later.
 */
import fc from "fast-check"
import { E164 } from "../../supabase/functions/_shared/kernel/phone"
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
