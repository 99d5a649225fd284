/**
 * The Edge Functions cannot read data/ at run time, so the facts they need
 * (company, estimate options with the pests' choices, lead messages) are
 * copied into a generated module. The build and `npm run generate:backend-data`
 * write it; a test fails when the committed copy differs from data/.
 */
import fs from "node:fs"
import path from "node:path"
import { load } from "js-yaml"
import {
  arrivalWindowsSchema,
  estimateOptionsSchema,
  leadConsentSchema,
  leadMessagesSchema,
  pestSchema,
  responsePromisesSchema,
  siteSchema,
} from "./data-schemas"
import { scarsdaleOfferSchema } from "./data-schemas/scarsdale-offer"
import { fillTexts } from "../supabase/functions/_shared/kernel/escape.ts"
import { promiseValues } from "./promise-texts"
import { dataDir } from "./site-config"
import { englishOf } from "./i18n/data-file"
import { hoursSummary } from "../src/lib/hours"
import { estimateLabel, estimatePestOptions } from "../src/lib/pest-lists"

export const GENERATED_FILE = path.resolve("supabase/functions/_shared/kernel/site-data.generated.ts")

const readYaml = (dir: string, file: string) => englishOf(file, load(fs.readFileSync(path.join(dir, file), "utf8")))

export function renderBackendData(dir = dataDir()): string {
  const site = siteSchema.validateSync(readYaml(dir, "site.yaml"), { strict: true })
  const options = estimateOptionsSchema.validateSync(readYaml(dir, "estimate-options.yaml"), { strict: true })
  const promises = responsePromisesSchema.validateSync(readYaml(dir, "response-promises.yaml"), { strict: true })
  // The booking texts name the $49 page's amounts ({price}, {regularValue}), and every form's texts its promise
  // ({callbackPromise} and the rest): filled here, each from its one place.
  const { amounts } = scarsdaleOfferSchema.validateSync(readYaml(dir, "scarsdale-offer.yaml"), { strict: true })
  const messages = fillTexts(leadMessagesSchema.validateSync(readYaml(dir, "lead-messages.yaml"), { strict: true }), {
    ...promiseValues(promises),
    ...amounts,
  })
  const consent = leadConsentSchema.validateSync(readYaml(dir, "lead-consent.yaml"), { strict: true })
  // The picker's texts are the site's only: the functions need the windows and their capacity.
  const { texts: _pickerTexts, ...windows } = arrivalWindowsSchema.validateSync(readYaml(dir, "arrival-windows.yaml"), {
    strict: true,
  })
  const pests = fs
    .readdirSync(path.join(dir, "pests"))
    .filter((file) => /\.ya?ml$/.test(file))
    .sort()
    .map((file) => pestSchema.validateSync(readYaml(dir, `pests/${file}`), { strict: true }))
  const company = {
    name: site.name,
    phone: site.phone,
    email: site.email,
    address: site.address,
    licenseNumber: site.licenseNumber,
    hoursText: hoursSummary(site.hours),
    hours: site.hours,
    closedDates: site.closedDates,
    timeZone: site.timeZone,
    sameDayCutoffHour: site.sameDayService.cutoffHour,
    sameDayDays: site.sameDayService.days,
    // What a request is worth, for the weekly report's value of the week.
    leadValues: site.leadValues,
  }
  // What to do before a visit, per pest the wizard offers (its choice's label): the pest page's list marked so.
  const preparation = Object.fromEntries(
    pests.flatMap((pest) =>
      pest.sections
        .filter((section) => section.type === "list" && section.visitPreparation === true && section.points)
        .map((section) => [estimateLabel(pest), { heading: section.heading, points: section.points ?? [] }]),
    ),
  )
  const { propertyTypes, servicePlans, ...rest } = options
  const estimateOptions = { propertyTypes, servicePlans, ...estimatePestOptions(pests), ...rest }
  return [
    "// Generated from data/site.yaml, estimate-options.yaml, pests/*.yaml, lead-messages.yaml (with scarsdale-offer.yaml's",
    "// amounts and response-promises.yaml's promises), lead-consent.yaml, response-promises.yaml and arrival-windows.yaml",
    "// by the build and `npm run generate:backend-data`. Do not edit.",
    `export const COMPANY = ${JSON.stringify(company, null, 2)} as const`,
    "",
    `export const ESTIMATE_OPTIONS = ${JSON.stringify(estimateOptions, null, 2)} as const`,
    "",
    `export const LEAD_MESSAGES = ${JSON.stringify(messages, null, 2)} as const`,
    "",
    `export const LEAD_CONSENT = ${JSON.stringify(consent, null, 2)} as const`,
    "",
    `export const RESPONSE_PROMISES = ${JSON.stringify(promises, null, 2)} as const`,
    "",
    `export const ARRIVAL_WINDOWS = ${JSON.stringify(windows, null, 2)} as const`,
    "",
    `export const VISIT_PREPARATION: Readonly<Record<string, { heading: string; points: readonly string[] }>> = ${JSON.stringify(preparation, null, 2)}`,
    "",
  ].join("\n")
}

/** Writes the copy when it changed; returns whether it did. */
export function writeBackendData(dir = dataDir(), file = GENERATED_FILE): boolean {
  const text = renderBackendData(dir)
  if (fs.existsSync(file) && fs.readFileSync(file, "utf8") === text) return false
  fs.writeFileSync(file, text)
  return true
}
