import { Link } from "gatsby"
import { ChevronDown } from "../ui/ui-icons"
import { useEffect, useId, useRef, type FocusEvent, type KeyboardEvent } from "react"
import { useDelayedOpen } from "../../hooks/use-delayed-open"
import { navLinkClass } from "./nav-link-class"

interface ServicesDropdownProps {
  label: string
  allLabel: string
  /** The services overview, e.g. /services */
  path: string
  pests: ReadonlyArray<{ slug: string; name: string }>
  active: boolean
  currentPath: string
}

/** Hover or click opens the list of pest pages; the keyboard works as a disclosure menu. */
export function ServicesDropdown({ label, allLabel, path, pests, active, currentPath }: ServicesDropdownProps) {
  const { open, setOpen, openSoon, closeSoon } = useDelayedOpen()
  const menuId = useId()
  const root = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const links = () => Array.from(root.current?.querySelectorAll<HTMLAnchorElement>("[data-menu-item]") ?? [])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false)
    }
    document.addEventListener("pointerdown", onPointerDown)
    return () => {
      document.removeEventListener("pointerdown", onPointerDown)
    }
  }, [open, setOpen])

  // ArrowDown on a closed menu opens it; the first item is focused once it has rendered.
  const focusFirstOnOpen = useRef(false)
  useEffect(() => {
    if (open && focusFirstOnOpen.current) links()[0]?.focus()
    focusFirstOnOpen.current = false
  }, [open])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = links()
    const index = items.indexOf(document.activeElement as HTMLAnchorElement)
    if (event.key === "Escape" && open) {
      event.preventDefault()
      setOpen(false)
      trigger.current?.focus()
    } else if (event.key === "ArrowDown") {
      event.preventDefault()
      if (open) items[(index + 1) % items.length]?.focus()
      else {
        focusFirstOnOpen.current = true
        setOpen(true)
      }
    } else if (event.key === "ArrowUp" && open) {
      event.preventDefault()
      items[index <= 0 ? items.length - 1 : index - 1]?.focus()
    }
  }

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node) || !root.current?.contains(event.relatedTarget)) setOpen(false)
  }

  const itemClass = (to: string) =>
    `block rounded-md px-3 py-2 text-sm hover:bg-brand-50 focus-visible:bg-brand-50 ${
      to === currentPath ? "font-semibold text-brand-700" : "text-slate-700"
    }`
  const overview = `${path}/`

  // The wrapper only delegates: hover opens the menu (a pointer nicety), and arrow keys and focus leaving
  // come from the button and links inside it, which are the interactive elements.
  return (
    <div
      ref={root}
      role="presentation"
      className="relative"
      onMouseEnter={openSoon}
      onMouseLeave={closeSoon}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={trigger}
        type="button"
        className={`${navLinkClass(active)} gap-1`}
        aria-expanded={open}
        aria-controls={menuId}
        data-active={active || undefined}
        onClick={() => {
          setOpen(!open)
        }}
      >
        {label}
        <ChevronDown className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden="true" />
      </button>
      <div id={menuId} hidden={!open} className="absolute left-0 top-full z-50 pt-2">
        <ul className="grid w-[26rem] grid-cols-2 gap-1 rounded-xl border border-slate-200 bg-white p-3 shadow-xl">
          {pests.map((pest) => {
            const to = `${path}/${pest.slug}/`
            return (
              <li key={pest.slug}>
                <Link
                  to={to}
                  data-menu-item=""
                  className={itemClass(to)}
                  aria-current={to === currentPath ? "page" : undefined}
                  onClick={() => {
                    setOpen(false)
                  }}
                >
                  {pest.name}
                </Link>
              </li>
            )
          })}
          <li className="col-span-2 border-t border-slate-100 pt-1">
            <Link
              to={overview}
              data-menu-item=""
              className={`${itemClass(overview)} font-semibold text-brand-700`}
              onClick={() => {
                setOpen(false)
              }}
            >
              {allLabel}
            </Link>
          </li>
        </ul>
      </div>
    </div>
  )
}
