import type { ReactNode } from "react"
import { PhoneLink } from "../ui/phone-link"

/**
 * The office link pages' plain frame: the company and its phone, then the page. No site menu:
 * these pages are opened from an alert on a phone, and the menu's code would only slow them down.
 */
export function OfficeFrame({
  companyName,
  phone,
  children,
}: {
  companyName: string
  phone: { readonly display: string; readonly e164: string }
  children: ReactNode
}) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-lg flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
          <p className="font-bold text-brand-800">{companyName}</p>
          <PhoneLink phone={phone} placement="office-header" className="font-semibold text-brand-800 underline" />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-lg flex-1 px-4 py-6">
        {children}
      </main>
    </div>
  )
}
