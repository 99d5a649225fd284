import type { Navigation } from "../../../gatsby/data-schemas/navigation"
import type { ReadonlyData } from "../../../gatsby/data-schemas/readonly-data"

/**
 * The menus and labels of data/navigation.yaml the header and its mobile menu show (everything but the
 * footer's, and the language switch's, which each page's versions carry: gatsby/create-pages.ts); apart, so
 * neither imports the other for it.
 */
export type HeaderNavigation = ReadonlyData<Omit<Navigation, "footer" | "languageSwitch">>
