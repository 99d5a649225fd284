import type { FieldComponent } from "../forms/field-view"
import { RequestFields } from "../forms/request-fields"
import type { OfferPageTexts } from "./types"

export type CallbackLabels = OfferPageTexts["callback"]

/** The callback's fields as its request declares them (kernel/callback-request.ts), drawn live or prerendered. */
export function CallbackFields({ labels, Field }: { labels: CallbackLabels; Field: FieldComponent }) {
  return <RequestFields fields={labels.fields} Field={Field} />
}
