import { Link } from "gatsby"
import { PhoneLink } from "./phone-link"
import { buttonClass } from "./button-class"
import type { CtaData } from "../../../gatsby/data-schemas/fields"

const CALL_LINK_CLASS =
  "inline-flex items-center gap-2 rounded-lg bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50"

export type { CtaData }

/** The closing call to action: a free estimate, or a call. */
export function CtaBanner({
  cta,
  phone,
  estimatePath,
}: {
  cta: CtaData
  phone: { display: string; e164: string }
  estimatePath: string
}) {
  return (
    <section className="bg-brand-800 text-white" data-placement="cta">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center">
        <h2 className="text-2xl font-bold sm:text-3xl">{cta.heading}</h2>
        <p className="mx-auto mt-3 max-w-2xl text-brand-100">{cta.text}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={estimatePath} className={buttonClass("primary")}>
            {cta.primaryLabel}
          </Link>
          <PhoneLink phone={phone} label={cta.secondaryLabel} icon="md" className={CALL_LINK_CLASS} />
        </div>
      </div>
    </section>
  )
}
