/** The look of a top-level menu entry; the active one is highlighted. */
export const navLinkClass = (active: boolean) =>
  `inline-flex items-center whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    active ? "bg-brand-50 text-brand-800 font-semibold" : "text-slate-700 hover:bg-slate-100 hover:text-brand-800"
  }`
