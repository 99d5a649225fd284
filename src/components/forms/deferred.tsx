import { useEffect, useState, type ComponentType, type ReactNode } from "react"

/**
 * Renders `placeholder` (also what the build prerenders), then the component
 * `load` resolves to, once it has loaded after the page. Keeps a form's
 * library code (Formik) out of the page's first-load JavaScript.
 */
export function Deferred<P extends object>({
  load,
  props,
  placeholder,
}: {
  load: () => Promise<ComponentType<P>>
  props: P
  placeholder: ReactNode
}) {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null)
  useEffect(() => {
    let active = true
    void load().then((component) => {
      if (active) setLoaded(() => component)
    })
    return () => {
      active = false
    }
  }, [load])
  return Loaded ? <Loaded {...props} /> : <>{placeholder}</>
}
