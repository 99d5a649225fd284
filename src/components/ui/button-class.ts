/** The site's button looks, for links and buttons alike. */
export const buttonClass = (variant: "primary" | "secondary" | "outline" = "primary") =>
  `inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 font-semibold transition-colors ${
    variant === "primary"
      ? "bg-accent-600 text-white hover:bg-accent-700"
      : variant === "secondary"
        ? "bg-brand-700 text-white hover:bg-brand-800"
        : "border border-brand-700 text-brand-800 hover:bg-brand-50"
  }`
