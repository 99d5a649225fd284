import { Phone } from "lucide-react"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import type { ReactNode } from "react"
import { telHref } from "../../lib/phone"
import { Logo } from "../layout/logo"

interface StandaloneFrameProps {
  companyName: string
  logo?: IGatsbyImageData | null
  phone: { display: string; e164: string }
  children: ReactNode
}

/** The offer pages' own frame: no site menu, just the brand and the phone number. */
export function StandaloneFrame({ companyName, logo, phone, children }: StandaloneFrameProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white" data-placement="offer-header">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Logo name={companyName} image={logo} />
          <a href={telHref(phone.e164)} className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
            <Phone className="h-4 w-4" aria-hidden="true" />
            {phone.display}
          </a>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="bg-slate-900 px-4 py-6 text-center text-sm text-slate-300">
        <p>{companyName}</p>
      </footer>
    </div>
  )
}
