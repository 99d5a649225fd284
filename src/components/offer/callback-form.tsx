import { useWindowChoice } from "../../lib/arrival-windows/use-window-choice"
import type { WindowTexts } from "../../lib/arrival-windows/window-texts"
import { WindowPicker } from "../forms/window-picker"
import { errorsFrom, loadContract } from "../../lib/leads/contract-loader"
import { useFieldErrorTexts } from "../../lib/leads/lead-texts"
import type { FieldErrorTexts } from "../../../supabase/functions/_shared/kernel/field-errors.ts"
import { isCallbackField } from "../../../supabase/functions/_shared/kernel/callback-request.ts"
import { callbackBody, utmFrom, type CallbackValues } from "../../lib/leads/offer-callback"
import { failureNotices } from "../../lib/leads/notices"
import type { SendLead } from "../../lib/leads/use-lead-form"
import { offerText } from "../../lib/offer-text"
import { priceAmount } from "../../lib/price"
import { phoneE164 } from "../../lib/lead-tracking"
import { LeadForm } from "../forms/lead-form"
import type { AdsConversion } from "../../lib/tracking-attributes"
import { TextField } from "../forms/text-field"
import { CallbackFields, type CallbackLabels } from "./callback-fields"

export interface CallbackFormProps {
  labels: CallbackLabels
  /** The arrival-window picker's texts (data/arrival-windows.yaml). */
  windowTexts: WindowTexts
  offer: {
    offerName: string
    price: string
    city: string
    couponCode: string
    phone: { display: string }
    utmSource: string | null
    utmCampaign: string | null
  }
  /** The Ads conversion an accepted request reports (its value is the offer's price). */
  conversion: AdsConversion
  /** The lead was accepted: what its thank-you screen shows. */
  onSubmitted: (accepted: CallbackAccepted) => void
  call?: SendLead
}

/** What the thank-you screen of an accepted callback shows. */
export interface CallbackAccepted {
  /** The lead's reference (WEB…). */
  reference: string
  /** "You asked for: …": the arrival windows sent, or null when none were picked. */
  windowsLine: string | null
  /** The backend's note when the City is outside the offer's town (in the visitor's language), or null. */
  outsideOffer: string | null
}

type Values = CallbackValues & { preferredWindows: string[]; website: string }

/**
 * Field messages from the shared contract, beside each field: a blank name or phone (spaces count as blank) is
 * told so, and nothing is sent. The fields keep their `required` attribute, but the browser's own bubble, which
 * names one field at a time and vanishes, is not used.
 */
async function validate(
  { website: _honeypot, preferredWindows: _windows, ...entry }: Values,
  words: FieldErrorTexts | null,
) {
  const { offerCallbackSchema, CALLBACK_FIELD_NAMES } = await loadContract()
  const errors = await errorsFrom(offerCallbackSchema.pick(CALLBACK_FIELD_NAMES), entry, words)
  return Object.fromEntries(Object.entries(errors).filter(([name]) => isCallbackField(name)))
}

/** Every field empty but the town, prefilled with the offer's; no window picked, and the honeypot beside them. */
const initialValues = (labels: CallbackLabels, city: string): Values => ({
  // The build checks the data lists each declared field once (request-field-texts.ts): these are their names.
  ...(Object.fromEntries(labels.fields.map(({ name }) => [name, ""])) as CallbackValues),
  city,
  preferredWindows: [],
  website: "",
})

/** "Prefer a Callback?": name and phone, the city prefilled, the campaign read from the address. */
export function CallbackForm({ labels, windowTexts, offer, conversion, onSubmitted, call }: CallbackFormProps) {
  const windows = useWindowChoice(windowTexts)
  const words = useFieldErrorTexts()
  return (
    <LeadForm
      initialValues={initialValues(labels, offer.city)}
      validate={(values) => validate(values, words)}
      validateOnChange={false}
      submitLabel={labels.submitLabel}
      busyLabel={labels.submittingLabel}
      config={{
        form: "offer_callback",
        // The windows go only when some were picked and the calendar offers them; none: the office calls to schedule.
        lead: ({ preferredWindows, ...values }: Omit<Values, "website">) => ({
          ...callbackBody(values, offer, utmFrom(window.location.search, offer)),
          ...windows.sent(preferredWindows),
        }),
        send: (lead, post) => {
          windows.remember(lead.preferredWindows)
          return post("process-simple-lead", lead)
        },
        tracking: (lead) => ({
          params: { offer: offer.offerName, price: offer.price, city: offer.city },
          value: priceAmount(offer.price),
          user: {
            phone_number: phoneE164(lead.phone),
            address: { first_name: lead.full_name.split(" ")[0], city: lead.city || offer.city, country: "US" },
          },
        }),
        notices: {
          accepted: () => ({ title: labels.successTitle, description: labels.successText }),
          ...failureNotices(labels, (text) => offerText(text, offer)),
        },
        conversion,
        // The form is emptied once accepted: the line names the windows that were sent.
        onAccepted: (answer, reference) =>
          onSubmitted({
            reference,
            windowsLine: windows.thankYou(),
            outsideOffer: typeof answer.outsideOffer === "string" ? answer.outsideOffer : null,
          }),
        call,
      }}
    >
      <CallbackFields labels={labels} Field={TextField} />
      <WindowPicker texts={windowTexts} state={windows.state} />
    </LeadForm>
  )
}
