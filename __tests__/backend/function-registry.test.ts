/** @jest-environment node */
/**
 * The function registry (supabase/functions/_shared/functions.ts) is the one list of functions: each
 * must have its entry-point folder and its config.toml section, and nothing else may have either.
 */
import fs from "node:fs"
import path from "node:path"
import {
  ALL_FUNCTIONS,
  CALENDAR_FUNCTION,
  CALL_ORDER,
  CHECK_FUNCTION,
  DISPATCH_FUNCTION,
  OFFICE_FUNCTIONS,
  PUBLIC_FUNCTIONS,
  STATUS_FUNCTION,
  TEXT_FUNCTION,
  WEBHOOK_FUNCTIONS,
  WIZARD_FUNCTIONS,
} from "../../supabase/functions/_shared/functions"
import { FUNCTION_SCHEMAS, labelOf } from "../../supabase/functions/_shared/kernel/contract"
import { LEAD_MESSAGES } from "../../supabase/functions/_shared/kernel/site-data.generated"

const FUNCTIONS_DIR = path.resolve(__dirname, "..", "..", "supabase", "functions")
const CONFIG_TOML = path.resolve(__dirname, "..", "..", "supabase", "config.toml")

const sorted = (names: Iterable<string>) => [...names].sort()

/** Every `[functions.<name>]` section of config.toml. */
const configured = () =>
  [...fs.readFileSync(CONFIG_TOML, "utf8").matchAll(/^\s*\[functions\.([^\]\s]+)\]\s*$/gm)].flatMap(([, name]) =>
    name ? [name] : [],
  )

/** Every folder beside _shared that Supabase would deploy as a function (node_modules and _-prefixed are not). */
const entryFolders = () =>
  fs
    .readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_") && !entry.name.startsWith("."))
    .filter((entry) => entry.name !== "node_modules")
    .map((entry) => entry.name)

test("config.toml has one section per registered function, and none for anything else", () => {
  const sections = configured()
  expect(new Set(sections).size).toBe(sections.length)
  expect(sorted(sections)).toEqual(sorted(ALL_FUNCTIONS))
})

test("each registered function has its entry point, serving that function, and no folder serves another", () => {
  expect(sorted(entryFolders())).toEqual(sorted(ALL_FUNCTIONS))
  for (const name of ALL_FUNCTIONS) {
    const entry = fs.readFileSync(path.join(FUNCTIONS_DIR, name, "index.ts"), "utf8")
    expect(entry).toContain(`serveFunction(${JSON.stringify(name)})`)
  }
})

test("the registry's kinds: the contract's public functions, the office links, the outbox's dispatch, the pipeline check, Twilio's webhooks", () => {
  expect(sorted(PUBLIC_FUNCTIONS)).toEqual(sorted(Object.keys(FUNCTION_SCHEMAS)))
  expect(OFFICE_FUNCTIONS).toEqual([
    "acknowledge-lead",
    "release-spam",
    "confirm-window",
    "office-board",
    "office-report",
  ])
  expect(DISPATCH_FUNCTION).toBe("dispatch-outbox")
  expect(CHECK_FUNCTION).toBe("check-pipeline")
  expect(CALENDAR_FUNCTION).toBe("arrival-windows")
  expect(WEBHOOK_FUNCTIONS).toEqual([TEXT_FUNCTION, STATUS_FUNCTION])
  expect(TEXT_FUNCTION).toBe("receive-text")
  expect(STATUS_FUNCTION).toBe("sms-status")
  expect(ALL_FUNCTIONS).toEqual([
    ...PUBLIC_FUNCTIONS,
    CALENDAR_FUNCTION,
    ...OFFICE_FUNCTIONS,
    DISPATCH_FUNCTION,
    CHECK_FUNCTION,
    ...WEBHOOK_FUNCTIONS,
  ])
})

test("the wizard's calls, in the order the browser makes them, then the contact form", () => {
  expect(sorted(WIZARD_FUNCTIONS)).toEqual(["process-estimate", "process-simple-lead", "send-estimate-confirmation"])
  expect(CALL_ORDER).toEqual([
    "process-simple-lead",
    "process-estimate",
    "send-estimate-confirmation",
    "process-contact",
  ])
})

test("what the spam review calls each function's kept body", () => {
  const labels = LEAD_MESSAGES.companyEmail.kindLabels
  expect(labelOf("process-contact", {})).toBe(labels.contact)
  expect(labelOf("process-estimate", {})).toBe(labels.estimate)
  expect(labelOf("send-estimate-confirmation", {})).toBe(labels.estimate)
  expect(labelOf("no-longer-served", {})).toBe(labels.estimate)
  expect(labelOf("process-simple-lead", { offerId: "x", preferredTime: "morning" })).toBe(labels.booking)
})
