import { Link } from "gatsby"
import { useEffect } from "react"
import { withTrailingSlash } from "../../lib/paths"
import { PhoneLink } from "../ui/phone-link"

const CALL_LINK_CLASS = "inline-flex items-center gap-1 font-bold text-brand-800 underline"

export interface NotFoundProps {
  heading: string
  message: string
  homeLabel: string
  contactLabel: string
  contactPath: string
  callPrompt: string
  phone: { display: string; e164: string }
  /** The address that was not found; logged so broken links show up in the console. */
  pathname: string
}

export function NotFound({
  heading,
  message,
  homeLabel,
  contactLabel,
  contactPath,
  callPrompt,
  phone,
  pathname,
}: NotFoundProps) {
  useEffect(() => {
    console.warn(`404 Not Found: no page at ${pathname}`)
  }, [pathname])

  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">{heading}</h1>
      <p className="mt-4 text-lg text-slate-700">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          {homeLabel}
        </Link>
        <Link
          to={withTrailingSlash(contactPath)}
          className="rounded-lg border border-brand-700 px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50"
        >
          {contactLabel}
        </Link>
      </div>
      <p className="mt-8 text-slate-700">
        {callPrompt} <PhoneLink phone={phone} icon="sm" className={CALL_LINK_CLASS} placement="not-found" />
      </p>
    </section>
  )
}
