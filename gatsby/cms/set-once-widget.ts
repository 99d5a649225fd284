/**
 * A field set once, when an entry is created, and read-only afterwards: an offer's key, a pest's slug, a page's
 * path and template. They make the page's address, which ads, menus and search results point to, so renaming
 * one breaks them. Decap has no per-entry read-only option (its maintainers point to a custom widget,
 * decaporg/decap-cms#1327), so the admin registers this one. It reads Decap's own `newRecord` flag of the entry
 * being edited: a new entry (or a duplicate) gets a text box, or a drop-down when the field has choices; an
 * existing one shows its value in a read-only box. The field's pattern, required flag and hint are Decap's as for
 * any widget, and the build still checks that the file name matches the key.
 */

export const SET_ONCE_WIDGET = "set-once"

/** What the widget uses of the props Decap gives a control (decapcms.org/docs/custom-widgets). */
interface ControlProps {
  value?: unknown
  forID: string
  classNameWrapper: string
  onChange: (value: string) => void
  setActiveStyle: () => void
  setInactiveStyle: () => void
  entry: { get: (key: string) => unknown }
  field: { get: (key: string) => unknown }
}

type CreateElement = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown
type CreateClass = (spec: { render: (this: { props: ControlProps }) => unknown }) => unknown

/**
 * Registers the widget with Decap, with its React helpers (`window.h`, `window.createClass`). Written without
 * imports and in plain ES2017, because the build sends its source text to the browser (`setOnceWidgetScript`).
 */
export function registerSetOnceWidget(name: string, cms: unknown, h: CreateElement, createClass: CreateClass): void {
  const choicesOf = (field: ControlProps["field"]): string[] => {
    const options = field.get("options") as { toJS?: () => unknown } | undefined
    const list = options && typeof options.toJS === "function" ? options.toJS() : options
    return Array.isArray(list) ? list.map(String) : []
  }
  const Control = createClass({
    render() {
      const props = this.props
      const value = typeof props.value === "string" ? props.value : ""
      const common = {
        id: props.forID,
        className: props.classNameWrapper,
        value,
        onFocus: props.setActiveStyle,
        onBlur: props.setInactiveStyle,
      }
      if (props.entry.get("newRecord") !== true)
        return h("input", { ...common, type: "text", readOnly: true, "aria-readonly": "true", "data-set-once": "" })
      const change = (event: { target: { value: string } }) => {
        props.onChange(event.target.value)
      }
      const choices = choicesOf(props.field)
      if (choices.length === 0) return h("input", { ...common, type: "text", onChange: change })
      return h(
        "select",
        { ...common, onChange: change },
        h("option", { value: "" }, "Choose…"),
        ...choices.map((choice) => h("option", { key: choice, value: choice }, choice)),
      )
    },
  })
  const Preview = createClass({
    render() {
      return h("p", null, typeof this.props.value === "string" ? this.props.value : "")
    },
  })
  const editor = cms as { registerWidget: (name: string, control: unknown, preview: unknown) => void }
  editor.registerWidget(name, Control, Preview)
}

/** The script's part that registers the widget (`__name`: see blankFieldsScript). */
export const setOnceWidgetScript = () =>
  `var __name = function (fn) { return fn };\n(${registerSetOnceWidget.toString()})(${JSON.stringify(
    SET_ONCE_WIDGET,
  )}, window.CMS, window.h, window.createClass);\n`
