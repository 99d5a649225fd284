/**
 * A type-level test, checked by `tsc --noEmit` (Jest runs no file here): the browser's `post` is typed per
 * function by the contract (RequestOf in kernel/contract.ts), so a form's body with a field the contract
 * does not know, a body missing a field, or a function that is not public fails the type check. Each
 * `@ts-expect-error` fails the check in turn if its line ever compiles.
 */
import { emptyAnswers } from "../../src/lib/estimate-wizard"
import { ESTIMATE_FIELD_NAMES } from "../../supabase/functions/_shared/kernel/contract"
import { callbackBody } from "../../src/lib/leads/offer-callback"
import { estimateLead } from "../../src/lib/leads/submit-estimate"
import type { PostLead } from "../../src/lib/leads/use-lead-form"

const contact = { name: "Ann Lee", email: "ann@example.com", phone: "914 555 0100", message: "Ants" }
const lead = estimateLead(emptyAnswers(ESTIMATE_FIELD_NAMES))
const callback = callbackBody(
  { full_name: "Ann Lee", phone: "914 555 0100", street_address: "", city: "Scarsdale", notes: "" },
  { offerName: "Ant Special", price: "$49" },
  { utm_source: "", utm_campaign: "", utm_term: "" },
)
const withCompany = { ...contact, company: "Acme" }

export async function postEveryForm(post: PostLead) {
  // What the four forms send compiles: contact, the wizard's three calls, the offer callback, the $49 booking.
  await post("process-contact", contact)
  await post("process-simple-lead", { ...lead, source: "website_estimate" })
  await post("process-estimate", { ...lead, accountId: "acc_1" })
  await post("send-estimate-confirmation", { ...lead, accountId: "acc_1" })
  await post("process-simple-lead", callback)
  await post("process-simple-lead", {
    fullName: "Ann Lee",
    phone: "914 555 0100",
    email: "ann@example.com",
    streetAddress: "1 Main St",
    city: "Scarsdale",
    zipCode: "10583",
    specialOffer: "$49 Scarsdale",
  })
}

export async function postWhatTheContractRefuses(post: PostLead) {
  // @ts-expect-error -- a field the contract does not know, in a literal
  await post("process-contact", { ...contact, company: "Acme" })
  // @ts-expect-error -- and in a variable, as a form passes its lead
  await post("process-contact", withCompany)
  // @ts-expect-error -- a field of another of process-simple-lead's shapes than the one the body fits
  await post("process-simple-lead", { ...callback, fullName: "Ann Lee" })
  // @ts-expect-error -- a field the contract requires is missing (process-estimate needs the accountId)
  await post("process-estimate", lead)
  // @ts-expect-error -- a field of the wrong type
  await post("process-contact", { ...contact, phone: 9145550100 })
  // @ts-expect-error -- a function that is not one of the public functions
  await post("process-contacts", contact)
}
