import { DEFAULT_LANGUAGE } from "../../../supabase/functions/_shared/kernel/languages"
import type { Alternate } from "./page-context"

/**
 * A page's localized versions as Google asks for them: every version (itself too) with its full URL, and English
 * as x-default; none for a page in one language only. The head's links and the sitemap's both come from here.
 */
export function hreflangLinks(
  alternates: readonly Alternate[],
  siteUrl: string,
): Array<{ lang: string; href: string }> {
  if (alternates.length < 2) return []
  const links = alternates.map((alternate) => ({ lang: alternate.lang, href: `${siteUrl}${alternate.path}` }))
  const english = links.find((link) => link.lang === DEFAULT_LANGUAGE)
  return english ? [...links, { lang: "x-default", href: english.href }] : links
}
