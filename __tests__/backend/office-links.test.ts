/**
 * @jest-environment node
 *
 * The "I'm on it" link from a delivered alert: it works once from a phone, and a tampered, expired,
 * wrongly purposed or replayed one gets a clear answer and changes nothing.
 */
import fc from "fast-check"
import { signLink } from "../../supabase/functions/_shared/office-links/signed-link"
import type { BackendConfig } from "../../supabase/functions/_shared/config"
import {
  MINUTE,
  TUESDAY_10AM,
  alertConfig,
  alertRig,
  handClock,
  linkRequest,
  smsOf,
  tokenIn,
  withAlertDb,
} from "./alert-rig"
import { bodies, post, storedIdOf } from "./helpers"

jest.setTimeout(60_000)

const { db, providers } = withAlertDb()

/** A contact message alerted to the first contact at 10:00, and the first two contacts' links to it. */
async function alerted() {
  const { twilio, chat } = await providers()
  const config: BackendConfig = alertConfig({ twilio, chat })
  const clock = handClock(TUESDAY_10AM)
  const { app, dispatch } = alertRig(db, config, clock)
  const response = await post(app, "process-contact", bodies.contact())
  const reference = await storedIdOf(db, ((await response.json()) as { reference: string }).reference)
  await dispatch()
  clock.advance(5 * MINUTE)
  await dispatch()
  const [dana, eli] = twilio.received.map((r) => tokenIn(smsOf(r).body))
  if (!dana || !eli) throw new Error("two alerts were expected")
  const state = async () =>
    (
      await db.query<{ acknowledged_at: Date | null; acknowledged_by: string | null }>(
        `select acknowledged_at, acknowledged_by from contact_messages where id = $1`,
        [reference],
      )
    )[0]
  return { app, config, clock, reference, dana, eli, state }
}

type Answer = { success: boolean; state?: string; reason?: string; acknowledgedBy?: string | null }
const answerOf = async (response: Response) => ({ status: response.status, body: (await response.json()) as Answer })

test("confirm:false only shows the lead; confirm:true records who and when; a replay answers already_acknowledged and changes nothing", async () => {
  const { app, clock, dana, eli, state } = await alerted()
  const look = await answerOf(await linkRequest(app, "acknowledge-lead", dana, false))
  expect(look).toMatchObject({ status: 200, body: { state: "ready", acknowledgedBy: null } })
  expect(await state()).toEqual({ acknowledged_at: null, acknowledged_by: null })

  const at = clock.read()
  const first = await answerOf(await linkRequest(app, "acknowledge-lead", dana, true))
  expect(first).toMatchObject({ status: 200, body: { state: "acknowledged", acknowledgedBy: "Dana" } })
  expect(await state()).toEqual({ acknowledged_at: at, acknowledged_by: "Dana" })

  clock.advance(MINUTE)
  for (const [token, confirm] of [
    [dana, true],
    [eli, true],
    [eli, false],
  ] as const) {
    const again = await answerOf(await linkRequest(app, "acknowledge-lead", token, confirm))
    expect(again).toMatchObject({ status: 200, body: { state: "already_acknowledged", acknowledgedBy: "Dana" } })
  }
  expect(await state()).toEqual({ acknowledged_at: at, acknowledged_by: "Dana" })
})

test("two contacts tapping at once: one acknowledgement stands", async () => {
  const { app, dana, eli, state } = await alerted()
  const answers = await Promise.all(
    [dana, eli].map(async (t) => answerOf(await linkRequest(app, "acknowledge-lead", t, true))),
  )
  expect(answers.map((a) => a.body.state).sort()).toEqual(["acknowledged", "already_acknowledged"])
  const winner = answers.find((a) => a.body.state === "acknowledged")?.body.acknowledgedBy
  expect((await state())?.acknowledged_by).toBe(winner)
})

test("any changed character makes the link invalid (400) and changes nothing (fast-check)", async () => {
  const { app, dana, state } = await alerted()
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ %"
  await fc.assert(
    fc.asyncProperty(
      // The signature's last character weighted in: base64 leaves spare bits there.
      fc.oneof(fc.nat({ max: dana.length - 1 }), fc.constant(dana.length - 1)),
      fc.constantFrom(...Array.from(alphabet)),
      fc.boolean(),
      async (at, char, confirm) => {
        fc.pre(dana[at] !== char)
        const tampered = `${dana.slice(0, at)}${char}${dana.slice(at + 1)}`
        const answer = await answerOf(await linkRequest(app, "acknowledge-lead", tampered, confirm))
        expect(answer).toMatchObject({ status: 400, body: { success: false, reason: "invalid" } })
      },
    ),
    { numRuns: 300 },
  )
  expect(await state()).toEqual({ acknowledged_at: null, acknowledged_by: null })
})

test("the signature spelled any other way (spare bits of its last character, + or / for - or _) is refused", async () => {
  const { app, dana, state } = await alerted()
  const signature = dana.slice(dana.lastIndexOf(".") + 1)
  const head = dana.slice(0, dana.lastIndexOf(".") + 1)
  const respellings = [
    ...Array.from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
      .filter((c) => c !== signature.at(-1))
      .map((c) => `${signature.slice(0, -1)}${c}`),
    signature.replace(/-/g, "+").replace(/_/g, "/"),
    `${signature}=`,
  ].filter((s) => s !== signature)
  for (const respelled of respellings)
    expect((await answerOf(await linkRequest(app, "acknowledge-lead", `${head}${respelled}`, true))).status).toBe(400)
  expect(await state()).toEqual({ acknowledged_at: null, acknowledged_by: null })
})

test("a link works until its 72 hours are up, then answers 410 expired and changes nothing", async () => {
  const { app, clock, dana, state } = await alerted()
  // Dana's link was signed at 10:00.
  clock.set(new Date(TUESDAY_10AM.getTime() + 72 * 60 * MINUTE - 1_000))
  expect((await answerOf(await linkRequest(app, "acknowledge-lead", dana, false))).body.state).toBe("ready")
  clock.set(new Date(TUESDAY_10AM.getTime() + 72 * 60 * MINUTE))
  for (const confirm of [false, true])
    expect(await answerOf(await linkRequest(app, "acknowledge-lead", dana, confirm))).toMatchObject({
      status: 410,
      body: { success: false, reason: "expired" },
    })
  expect(await state()).toEqual({ acknowledged_at: null, acknowledged_by: null })
})

test("a link made for another purpose, another secret, or a lead no longer stored is refused", async () => {
  const { app, config, reference, state } = await alerted()
  const claims = { record: "message" as const, id: reference, to: "Dana", expires: 2_000_000_000 }
  const release = signLink(config.alerts.linkSecret, { ...claims, purpose: "release" })
  expect(await answerOf(await linkRequest(app, "acknowledge-lead", release, true))).toMatchObject({
    status: 400,
    body: { reason: "invalid" },
  })
  const otherSecret = signLink("another-secret", { ...claims, purpose: "acknowledge" })
  expect((await answerOf(await linkRequest(app, "acknowledge-lead", otherSecret, true))).status).toBe(400)
  // An acknowledgement link is no release link either.
  const acknowledge = signLink(config.alerts.linkSecret, { ...claims, purpose: "acknowledge" })
  expect((await answerOf(await linkRequest(app, "release-spam", acknowledge, true))).status).toBe(400)
  expect(await state()).toEqual({ acknowledged_at: null, acknowledged_by: null })

  const gone = signLink(config.alerts.linkSecret, {
    ...claims,
    id: "00000000-0000-4000-8000-000000000000",
    purpose: "acknowledge",
  })
  expect(await answerOf(await linkRequest(app, "acknowledge-lead", gone, true))).toMatchObject({
    status: 404,
    body: { reason: "not_found" },
  })
})
