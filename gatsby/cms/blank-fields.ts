/**
 * A field the editor clears is not left out by Decap: it saves "" (text, image, number), null (a
 * cleared choice), [] (a list emptied) or an object of such blanks, which the build refuses for an
 * optional field ("must be at least 1 characters"), and the editor cannot remove a key again. So
 * the admin drops blank optional fields before each save (Decap's `preSave` event): the file then
 * leaves them out, as the schema means. Fields with a default keep theirs ("" = no tracking ID).
 */
import type { CmsField } from "./cms-fields"

/** Where optional fields sit in an entry: "phone", "sections[].intro" ("[]": every item of a list). */
export function blankablePaths(fields: readonly CmsField[], at = ""): string[] {
  return fields.flatMap((field) => {
    const here = `${at}${field.name}`
    const own = field.required === false && field.default === undefined ? [here] : []
    const items = `${here}[].`
    const nested = [
      ...(field.widget === "object" && field.fields ? blankablePaths(field.fields, `${here}.`) : []),
      ...(field.widget === "list" && field.fields ? blankablePaths(field.fields, items) : []),
      ...(field.types ? field.types.flatMap((type) => blankablePaths(type.fields, items)) : []),
    ]
    return [...own, ...new Set(nested)]
  })
}

/** What the handler uses of Decap's Immutable values. */
export interface ImmutableLike {
  has: (key: string) => boolean
  get: (key: string) => unknown
  set: (key: string, value: unknown) => ImmutableLike
  delete: (key: string) => ImmutableLike
  map: (mapper: (item: unknown) => unknown) => ImmutableLike
  toJS: () => unknown
}

/** The blank optional fields of each collection ("offers") or file ("settings-files/site"). */
export type BlankFields = Record<string, readonly string[]>

/**
 * Registers the preSave handler with Decap. Written without imports and in plain ES2017, because the
 * build sends its source text to the browser (`blankFieldsScript`), after Decap's bundle.
 */
export function registerBlankFieldDropper(blankFields: BlankFields, cms: unknown): void {
  const isMap = (value: unknown): value is ImmutableLike =>
    typeof value === "object" && value !== null && typeof (value as ImmutableLike).has === "function"
  const isBlank = (value: unknown): boolean => {
    const plain =
      isMap(value) || (typeof value === "object" && value !== null && "toJS" in value)
        ? (value as ImmutableLike).toJS()
        : value
    if (plain === undefined || plain === null || plain === "") return true
    if (Array.isArray(plain)) return plain.length === 0
    if (typeof plain === "object")
      return Object.keys(plain).every((key) => isBlank((plain as Record<string, unknown>)[key]))
    return false
  }
  const drop = (node: unknown, segments: readonly string[]): unknown => {
    const head = segments[0]
    if (head === undefined || !isMap(node)) return node
    const list = head.slice(-2) === "[]"
    const name = list ? head.slice(0, -2) : head
    if (!node.has(name)) return node
    const value = node.get(name)
    const rest = segments.slice(1)
    if (rest.length === 0) return isBlank(value) ? node.delete(name) : node
    if (list && isMap(value))
      return node.set(
        name,
        value.map((item) => drop(item, rest)),
      )
    return node.set(name, drop(value, rest))
  }
  const editor = cms as {
    registerEventListener: (listener: { name: string; handler: (args: { entry: ImmutableLike }) => unknown }) => void
  }
  editor.registerEventListener({
    name: "preSave",
    handler: ({ entry }) => {
      const collection = String(entry.get("collection"))
      const paths = blankFields[`${collection}/${String(entry.get("slug"))}`] ?? blankFields[collection] ?? []
      return paths.reduce((data: unknown, path) => drop(data, path.split(".")), entry.get("data"))
    },
  })
}

/**
 * The script the admin page loads after Decap's bundle: the handler with this build's field list.
 * `__name` is the one helper a compiler may wrap named functions in (esbuild's keepNames).
 */
export const blankFieldsScript = (blankFields: BlankFields) =>
  `"use strict";\nvar __name = function (fn) { return fn };\n(${registerBlankFieldDropper.toString()})(${JSON.stringify(
    blankFields,
  )}, window.CMS);\n`

/** Each collection's (or collection file's) blank optional fields, from the generated configuration. */
export function blankFieldsOf(
  collections: ReadonlyArray<{
    name: string
    fields?: readonly CmsField[]
    files?: ReadonlyArray<{ name: string; fields: readonly CmsField[] }>
  }>,
): BlankFields {
  return Object.fromEntries(
    collections.flatMap((collection) => [
      ...(collection.fields ? [[collection.name, blankablePaths(collection.fields)] as const] : []),
      ...(collection.files ?? []).map(
        (file) => [`${collection.name}/${file.name}`, blankablePaths(file.fields)] as const,
      ),
    ]),
  )
}
