/** @jest-environment node */
/**
 * The content editor's configuration is generated from the data schemas: every schema field has an
 * editor field and the other way round, each with the fitting widget, required flag, choices and
 * pattern, and the patterns accept every value the data holds today, English and Spanish. A field is
 * translated (Decap's `i18n: true`) exactly when it holds a text to translate. (Decap itself validates the
 * whole configuration when the editor loads it: e2e/cms.test.ts.)
 */
import fs from "node:fs"
import path from "node:path"
import vm from "node:vm"
import { load } from "js-yaml"
import { array, boolean, number, object, string, type Schema } from "yup"
import {
  cmsField,
  labelOf,
  NOT_TRANSLATED_HINT,
  objectFields,
  relativeFolder,
  type CmsField,
} from "../gatsby/cms/cms-fields"
import {
  cmsSettingsFrom,
  decapConfig,
  decapConfigYaml,
  DEFAULT_CMS_REPO,
  PREVIEW_CONTEXT,
} from "../gatsby/cms/decap-config"
import { DATA_FILE_KINDS, HERO_VARIANTS, URGENCY_LEVELS, type DataFileKind } from "../gatsby/data-schemas"
import { SET_ONCE_WIDGET, setOnceWidgetScript } from "../gatsby/cms/set-once-widget"
import { TRANSLATED_FORMAT } from "../gatsby/cms/translated-format"
import { isTranslated } from "../gatsby/i18n/data-file"
import { hasTexts } from "../gatsby/i18n/translations"
import { readDataDir } from "../gatsby/validate-data"
import { siteRoutes } from "../scripts/site-routes"

const SETTINGS = cmsSettingsFrom({ CMS_GITHUB_REPO: "acme/site", SITE_URL: "https://www.example.com" })
const config = decapConfig(SETTINGS)

type AnySchema = Schema<unknown>
const shapeOf = (schema: AnySchema) => (schema as unknown as { fields: Record<string, AnySchema> }).fields
const innerOf = (schema: AnySchema) => (schema as unknown as { innerType?: AnySchema }).innerType

/** Every field path of a schema: `sections[].species[].name`. */
function schemaPaths(schema: AnySchema, prefix = ""): string[] {
  const type = schema.type
  if (type === "object")
    return Object.entries(shapeOf(schema)).flatMap(([name, field]) => [
      `${prefix}${name}`,
      ...schemaPaths(field, `${prefix}${name}.`),
    ])
  if (type === "array") {
    const inner = innerOf(schema)
    return inner ? schemaPaths(inner, prefix.replace(/\.$/, "[].")) : []
  }
  return []
}

/** Every field path of editor fields, the same way (a list with `types` adds each type's fields and its key). */
function cmsPaths(fields: readonly CmsField[], prefix = ""): string[] {
  return fields.flatMap((field) => {
    const here = `${prefix}${field.name}`
    const inner = `${here}${field.widget === "list" ? "[]" : ""}.`
    const nested = [
      ...(field.fields ? cmsPaths(field.fields, inner) : []),
      ...(field.field?.fields ? cmsPaths(field.field.fields, inner) : []),
      ...(field.types ? field.types.flatMap((type) => cmsPaths(type.fields, inner)) : []),
      ...(field.typeKey ? [`${inner}${field.typeKey}`] : []),
    ]
    return [here, ...new Set(nested)]
  })
}

/** What one side has and the other lacks. */
const mismatch = (schema: AnySchema, fields: readonly CmsField[]) => {
  const fromSchema = new Set(schemaPaths(schema))
  const fromCms = new Set(cmsPaths(fields))
  return {
    noCmsField: [...fromSchema].filter((p) => !fromCms.has(p)),
    noSchemaField: [...fromCms].filter((p) => !fromSchema.has(p)),
  }
}

const fieldsOf = (kind: DataFileKind): CmsField[] => {
  for (const collection of config.collections) {
    if ("folder" in collection && kind.folder && collection.folder === `data/${kind.folder}`) return collection.fields
    if ("files" in collection)
      for (const file of collection.files) if (kind.file && file.file === `data/${kind.file}`) return file.fields
  }
  throw new Error(`no collection for ${kind.typeName}`)
}

/** The editor field at a path of names (lists and objects alike). */
const fieldAt = (fields: readonly CmsField[], ...names: string[]): CmsField => {
  const [name, ...rest] = names
  const field = [...fields, ...fields.flatMap((f) => f.types?.flatMap((t) => t.fields) ?? [])].find(
    (f) => f.name === name,
  )
  if (!field) throw new Error(`no field ${name ?? ""}`)
  if (rest.length === 0) return field
  return fieldAt(
    [...(field.fields ?? []), ...(field.field ? [field.field] : []), ...(field.types?.flatMap((t) => t.fields) ?? [])],
    ...rest,
  )
}

const kindFor = (name: string) => {
  const kind = DATA_FILE_KINDS.find((k) => k.file === name || k.folder === name)
  if (!kind) throw new Error(name)
  return kind
}

describe("every kind of data file is a collection, field for field", () => {
  test("folder collections for pests, offers and pages, file collections for every one-file kind", () => {
    const folders = config.collections.flatMap((c) => ("folder" in c ? [c.folder] : []))
    expect(folders.sort()).toEqual(["data/offers", "data/pages", "data/pests"])
    const files = config.collections.flatMap((c) => ("files" in c ? c.files.map((f) => f.file) : []))
    const oneFileKinds = DATA_FILE_KINDS.flatMap((k) => (k.file ? [`data/${k.file}`] : []))
    expect(files.sort()).toEqual(oneFileKinds.sort())
    expect(files).toHaveLength(new Set(files).size)
  })

  test.each(DATA_FILE_KINDS.map((kind) => [kind.typeName, kind] as const))(
    "%s: each schema field has an editor field and each editor field a schema field",
    (_name, kind) => {
      expect(mismatch(kind.schema, fieldsOf(kind))).toEqual({ noCmsField: [], noSchemaField: [] })
    },
  )

  test("the check fails when either side gains a field", () => {
    const schema = object({ city: string().required(), areas: array().of(object({ name: string().required() })) })
    const fields = objectFields(schema, { dataFile: "data/x.yaml" })
    expect(mismatch(schema, fields)).toEqual({ noCmsField: [], noSchemaField: [] })
    const grown = schema.shape({ price: string().required() })
    expect(mismatch(grown, fields).noCmsField).toEqual(["price"])
    const extra: CmsField[] = [...fields, { name: "colour", label: "Colour", widget: "string" }]
    expect(mismatch(schema, extra).noSchemaField).toEqual(["colour"])
    const nested = object({ city: string().required(), areas: array().of(object({ name: string(), zip: string() })) })
    expect(mismatch(nested, fields).noCmsField).toEqual(["areas[].zip"])
  })
})

describe("widgets from the schema", () => {
  const offer = fieldsOf(kindFor("offers"))
  const pest = fieldsOf(kindFor("pests"))

  test("a city offer: text, a dollar price, exactly three testimonials, a hero variant to choose", () => {
    expect(fieldAt(offer, "city")).toMatchObject({ widget: "string", required: true, label: "City" })
    const price = fieldAt(offer, "price")
    expect(price).toMatchObject({ widget: "string", required: true, hint: "Must be a dollar price such as $49." })
    const pricePattern = new RegExp(price.pattern?.[0] ?? "")
    expect(["$49", "$59.50"].every((v) => pricePattern.test(v))).toBe(true)
    expect(["49", "$49 ", "49 dollars", "$4.5"].some((v) => pricePattern.test(v))).toBe(false)
    expect(fieldAt(offer, "customTestimonials")).toMatchObject({ widget: "list", min: 3, max: 3, required: true })
    expect(fieldAt(offer, "customTestimonials", "quote")).toMatchObject({ widget: "text", required: true })
    expect(fieldAt(offer, "heroVariant")).toMatchObject({ widget: "select", options: [...HERO_VARIANTS] })
    expect(fieldAt(offer, "fallback")).toMatchObject({ widget: "boolean", required: false })
    expect(fieldAt(offer, "phone")).toMatchObject({ widget: "object", required: false })
    // Decap would demand an optional object's fields even when it is left out: they say when they are needed.
    expect(fieldAt(offer, "phone", "e164")).toMatchObject({
      required: false,
      hint: "Must be a US number in E.164 form; needed when Phone is filled in.",
    })
    expect(fieldAt(offer, "metaDescription")).toMatchObject({ widget: "text" })
    expect(fieldAt(offer, "hours", "days")).toMatchObject({ widget: "select", multiple: true, min: 1 })
  })

  test("a pest page: urgency to choose, menu positions as numbers, sections by type", () => {
    expect(fieldAt(pest, "urgency")).toMatchObject({ widget: "select", options: [...URGENCY_LEVELS], required: true })
    expect(fieldAt(pest, "menu", "services")).toMatchObject({
      widget: "number",
      value_type: "float",
      min: 0,
      required: false,
    })
    expect(fieldAt(pest, "keywords")).toMatchObject({ widget: "list", min: 1, field: { widget: "string" } })
    const sections = fieldAt(pest, "sections")
    expect(sections).toMatchObject({ widget: "list", typeKey: "type", min: 3 })
    const steps = sections.types?.find((t) => t.name === "steps")
    expect(steps?.fields.map((f) => f.name)).toEqual(["heading", "intro", "steps"])
    expect(steps?.fields.find((f) => f.name === "steps")?.required).toBe(true)
    const options = sections.types?.find((t) => t.name === "options")
    expect(options?.fields.find((f) => f.name === "options")?.fields?.find((f) => f.name === "price")).toMatchObject({
      widget: "string",
      required: true,
    })
  })

  test("numbers know integers and bounds; site-wide texts that may be empty are not required", () => {
    const site = fieldsOf(kindFor("site.yaml"))
    expect(fieldAt(site, "foundedYear")).toMatchObject({ widget: "number", value_type: "int", min: 1900, max: 2100 })
    expect(fieldAt(site, "tracking", "googleAnalyticsId").required).toBe(false)
  })

  test("images upload into their folder and are written relative to the data file, as the build reads them", () => {
    const images: Array<[DataFileKind, string[]]> = [
      [kindFor("pests"), ["image", "src"]],
      [kindFor("home.yaml"), ["heroImage", "src"]],
      [kindFor("offer-page.yaml"), ["heroImages", "image", "src"]],
      [kindFor("services-page.yaml"), ["defaultPestImage", "src"]],
    ]
    for (const [kind, at] of images) {
      const field = fieldAt(fieldsOf(kind), ...at)
      expect(field.widget).toBe("image")
      // Named for a marketer, not by the file's keys (src, alt).
      expect(field.label).toBe("Picture")
      expect(fieldAt(fieldsOf(kind), ...at.slice(0, -1), "alt").label).toBe("Alt text")
      const folder = (field.media_folder ?? "").replace(/^\//, "")
      expect(fs.statSync(folder).isDirectory()).toBe(true)
      const dataDir = kind.folder ? `data/${kind.folder}` : "data"
      expect(path.normalize(path.join(dataDir, field.public_folder ?? ""))).toBe(path.normalize(folder))
    }
    expect(relativeFolder("data/pests/ants.yaml", "src/images/pests")).toBe("../../src/images/pests")
  })

  test("labels and hints read as words", () => {
    expect(labelOf("offerName")).toBe("Offer name")
    expect(labelOf("e164")).toBe("E164")
    const description = cmsField("description", string().trim().required().min(50).max(170, "at most 170"), {
      dataFile: "data/x.yaml",
    })
    expect(description.hint).toBe("Must be at least 50 characters; at most 170.")
    expect(cmsField("count", number().integer().min(1), { dataFile: "data/x.yaml" })).toMatchObject({
      widget: "number",
      value_type: "int",
      min: 1,
      required: false,
    })
    expect(cmsField("on", boolean().required(), { dataFile: "data/x.yaml" })).toMatchObject({ widget: "boolean" })
  })
})

describe("the editor accepts what the build accepts", () => {
  const { files } = readDataDir(path.resolve("data"))

  /** Each text value of a file with the editor field it is typed into. */
  function* textValues(value: unknown, fields: readonly CmsField[], at: string): Generator<[string, string, CmsField]> {
    if (typeof value !== "object" || value === null) return
    for (const [name, inner] of Object.entries(value)) {
      const type = (value as Record<string, unknown>).type
      const variant = fields.find((f) => f.types)?.types?.find((t) => t.name === type)
      const field = (variant?.fields ?? fields).find((f) => f.name === name) ?? fields.find((f) => f.name === name)
      if (!field) continue
      const items = Array.isArray(inner) ? inner : [inner]
      for (const [i, item] of items.entries()) {
        const where = Array.isArray(inner) ? `${at}${name}[${i}]` : `${at}${name}`
        if (typeof item === "string") yield [where, item, field.field ?? field]
        else if (field.types) {
          // A Spanish section has no type of its own (its English one's): every type's fields, the same schema's.
          const itemType = (item as Record<string, unknown>).type
          const typed = field.types.find((t) => t.name === itemType)?.fields ?? field.types.flatMap((t) => t.fields)
          yield* textValues(item, typed, `${where}.`)
        } else yield* textValues(item, field.fields ?? field.field?.fields ?? [], `${where}.`)
      }
    }
  }

  /** A file's English, and its Spanish where it has one: both are typed into the same editor fields. */
  const languages = (file: string, content: Record<string, unknown>, raw: unknown) =>
    isTranslated(file) && typeof raw === "object" && raw !== null && "es" in raw
      ? { en: content, es: raw.es }
      : { en: content }

  test("every text of every data file, English and Spanish, matches its editor field's pattern", () => {
    const refused: string[] = []
    const checked = { en: 0, es: 0 }
    for (const { file, content, raw } of files) {
      const kind = DATA_FILE_KINDS.find((k) => k.matches(file))
      if (!kind) continue
      for (const [language, data] of Object.entries(languages(file, content, raw)) as Array<["en" | "es", unknown]>)
        for (const [where, value, field] of textValues(data, fieldsOf(kind), "")) {
          if (!field.pattern) continue
          checked[language] += 1
          if (!new RegExp(field.pattern[0]).test(value))
            refused.push(`${file} ${language}.${where}: ${field.pattern[1]}`)
        }
    }
    expect(refused).toEqual([])
    // Every text of the site is checked, not a few: the pest pages alone hold hundreds.
    expect(checked.en).toBeGreaterThan(1500)
    expect(checked.es).toBeGreaterThan(1000)
  })

  test("a text with a space at either end is refused by the editor, as the build refuses it", () => {
    const city = fieldAt(fieldsOf(kindFor("offers")), "city")
    const pattern = new RegExp(city.pattern?.[0] ?? "")
    expect(pattern.test("Rye Brook")).toBe(true)
    for (const bad of [" Rye", "Rye ", "Rye\n", "\tRye"]) expect(pattern.test(bad)).toBe(false)
  })
})

describe("the configuration", () => {
  test("production: GitHub with the editorial workflow, signing in through Netlify; locally the proxy", () => {
    expect(config.backend).toMatchObject({
      name: "github",
      repo: "acme/site",
      branch: "main",
      base_url: "https://api.netlify.com",
      auth_endpoint: "auth",
      preview_context: PREVIEW_CONTEXT,
    })
    expect(config.publish_mode).toBe("editorial_workflow")
    expect(config.local_backend).toBe(true)
    expect(config.site_url).toBe("https://www.example.com")
  })

  test("new offers and pests are named after their key, as the build requires", () => {
    const folders = Object.fromEntries(config.collections.flatMap((c) => ("folder" in c ? [[c.name, c]] : [])))
    expect(folders.offers).toMatchObject({
      slug: "{{fields.key}}",
      create: true,
      extension: "yaml",
      format: TRANSLATED_FORMAT,
    })
    expect(folders.pests).toMatchObject({ slug: "{{fields.slug}}", create: true })
  })

  test("the YAML says it is generated and reads back as the same configuration", () => {
    const yaml = decapConfigYaml(SETTINGS)
    expect(yaml).toMatch(/^# Generated from gatsby\/data-schemas\//)
    expect(load(yaml)).toEqual(JSON.parse(JSON.stringify(config)))
  })

  test("settings come from the environment, checked", () => {
    expect(cmsSettingsFrom({}).repo).toBe(DEFAULT_CMS_REPO)
    expect(cmsSettingsFrom({ CMS_BRANCH: "content" }).branch).toBe("content")
    expect(() => cmsSettingsFrom({ CMS_GITHUB_REPO: "not a repo" })).toThrow(/CMS_GITHUB_REPO/)
    expect(() => cmsSettingsFrom({ CMS_AUTH_BASE_URL: "http://insecure.example" })).toThrow(/CMS_AUTH_BASE_URL/)
  })

  test("a schema Decap cannot show fails the generation with the field's name", () => {
    const kinds: DataFileKind[] = [
      {
        typeName: "OddYaml",
        schema: object({
          when: object({}).shape({ at: string() }),
          odd: array(),
        }),
        matches: () => true,
        file: "odd.yaml",
        cms: { group: "settings", label: "Odd" },
      },
    ]
    expect(() => decapConfig(SETTINGS, kinds)).toThrow(/odd: a list needs the type of its items/)
  })
})

describe("what the editor does not let a marketer change", () => {
  const folders = Object.fromEntries(config.collections.flatMap((c) => ("folder" in c ? [[c.name, c]] : [])))
  const offerKey = fieldAt(fieldsOf(kindFor("offers")), "key")

  test("a live entry's address: the offer's key, the pest's slug, the page's path and template are set once", () => {
    expect(offerKey).toMatchObject({ widget: SET_ONCE_WIDGET, required: true })
    // Its own rule still holds while a new offer chooses its key, and the hint says why it is fixed afterwards.
    expect(new RegExp(offerKey.pattern?.[0] ?? "").test("ryebrook59")).toBe(true)
    expect(new RegExp(offerKey.pattern?.[0] ?? "").test("Rye Brook")).toBe(false)
    expect(offerKey.hint).toMatch(/fixed afterwards: its address \/offer\/<key>\/, which the ads link to/)
    expect(fieldAt(fieldsOf(kindFor("pests")), "slug").widget).toBe(SET_ONCE_WIDGET)
    const pages = fieldsOf(kindFor("pages"))
    expect(fieldAt(pages, "path").widget).toBe(SET_ONCE_WIDGET)
    expect(fieldAt(pages, "template").widget).toBe(SET_ONCE_WIDGET)
    expect(fieldAt(pages, "template").options).toContain("content-page")
    // Nothing else is locked.
    const locked = config.collections.flatMap((c) => ("fields" in c ? c.fields : c.files.flatMap((f) => f.fields)))
    expect(
      locked
        .filter((f) => f.widget === SET_ONCE_WIDGET)
        .map((f) => f.name)
        .sort(),
    ).toEqual(["key", "path", "slug", "template"])
  })

  /** The widget as the browser runs it, with stand-ins for Decap's React helpers: what it renders for an entry. */
  function renderSetOnce(newRecord: boolean, options?: string[]) {
    let control: { render: (this: { props: unknown }) => unknown } | undefined
    const CMS = {
      registerWidget: (name: string, spec: typeof control) => {
        if (name === SET_ONCE_WIDGET) control = spec
      },
    }
    const h = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => ({
      type,
      props,
      children,
    })
    vm.runInNewContext(setOnceWidgetScript(), { window: { CMS, h, createClass: (spec: unknown) => spec } })
    if (!control) throw new Error("the script registered no set-once widget")
    const changes: string[] = []
    const props = {
      value: "yonkers39",
      forID: "key-field",
      classNameWrapper: "input",
      onChange: (value: string) => changes.push(value),
      setActiveStyle: () => undefined,
      setInactiveStyle: () => undefined,
      entry: { get: (key: string) => (key === "newRecord" ? newRecord : undefined) },
      field: { get: (key: string) => (key === "options" ? options : undefined) },
    }
    const element = control.render.call({ props }) as {
      type: string
      props: Record<string, unknown>
      children: unknown[]
    }
    return { element, changes }
  }

  test("the widget shows an existing entry's key read-only, and lets a new entry type it or choose it", () => {
    const existing = renderSetOnce(false).element
    expect(existing).toMatchObject({ type: "input", props: { id: "key-field", value: "yonkers39", readOnly: true } })
    expect(existing.props.onChange).toBeUndefined()

    const created = renderSetOnce(true)
    expect(created.element).toMatchObject({ type: "input", props: { id: "key-field", value: "yonkers39" } })
    expect(created.element.props.readOnly).toBeUndefined()
    ;(created.element.props.onChange as (event: { target: { value: string } }) => void)({
      target: { value: "ryebrook59" },
    })
    expect(created.changes).toEqual(["ryebrook59"])

    const template = renderSetOnce(true, ["content-page", "home-page"]).element
    expect(template.type).toBe("select")
    expect(template.children.map((option) => (option as { props: { value: string } }).props.value)).toEqual([
      "",
      "content-page",
      "home-page",
    ])
  })

  test("a live offer cannot be deleted from the editor (its ads link to it); a pest page or a page can", () => {
    // Decap shows no "Delete published entry" for a collection with delete: false; a new offer is still created.
    expect(folders.offers).toMatchObject({ create: true, delete: false })
    expect(folders.pests).toMatchObject({ delete: true })
    expect(folders.pages).toMatchObject({ delete: true })
    expect(load(decapConfigYaml(SETTINGS))).toMatchObject({
      collections: expect.arrayContaining([expect.objectContaining({ name: "offers", delete: false })]) as unknown,
    })
  })

  test("the office's pages are not in the editor: they live in data/pages/office/, which Decap does not list", () => {
    expect(folders.pages).toMatchObject({ folder: "data/pages" })
    expect(folders.pages).not.toHaveProperty("nested")
    const { files } = readDataDir(path.resolve("data"))
    const listed = files.filter((f) => /^pages\/[^/]+$/.test(f.file))
    const office = files.filter((f) => f.file.startsWith("pages/office/"))
    expect(office.map((f) => f.content.path).sort()).toEqual([
      "/office/acknowledge",
      "/office/board",
      "/office/confirm",
      "/office/release",
      "/office/report",
    ])
    expect(listed.filter((f) => f.content.template === "office-link")).toEqual([])
    // They are still pages of the site (built, checked, in every page test).
    expect(siteRoutes().map((route) => route.path)).toEqual(expect.arrayContaining(["/office/acknowledge/"]))
  })

  test("\"View Live\" opens the entry's own page: each folder collection's preview_path is a route of the site", () => {
    expect(config).toMatchObject({ site_url: "https://www.example.com", display_url: "https://www.example.com" })
    expect(folders.offers).toMatchObject({ preview_path: "offer/{{fields.key}}/" })
    expect(folders.pests).toMatchObject({ preview_path: "services/{{fields.slug}}/" })
    expect(folders.pages).toMatchObject({ preview_path: "{{fields.path}}/", preview_path_preserve_slashes: true })
    // Filled as Decap does (values with their slashes, then the leading slashes trimmed), for every entry listed.
    const routes = new Set(siteRoutes().map((route) => route.path))
    const { files } = readDataDir(path.resolve("data"))
    for (const name of ["offers", "pests", "pages"]) {
      const entries = files.filter((f) => new RegExp(`^${name}/[^/]+$`).test(f.file))
      expect(entries.length).toBeGreaterThan(0)
      for (const { content } of entries) {
        const filled = (folders[name]?.preview_path ?? "").replace(/\{\{fields\.(\w+)\}\}/g, (_all, key: string) =>
          String(content[key]),
        )
        expect(routes).toContain(`/${filled.replace(/^[\s/]+/, "")}`)
      }
    }
  })
})

describe("English and Spanish side by side", () => {
  const collectionOf = (kind: DataFileKind) => {
    const collection = config.collections.find((c) =>
      "folder" in c
        ? c.folder === `data/${kind.folder ?? ""}`
        : c.files.some((f) => f.file === `data/${kind.file ?? ""}`),
    )
    if (!collection) throw new Error(`no collection for ${kind.typeName}`)
    return collection
  }
  const fileOf = (kind: DataFileKind) => {
    const collection = collectionOf(kind)
    return "files" in collection ? collection.files.find((f) => f.file === `data/${kind.file ?? ""}`) : collection
  }
  const translatedKind = (kind: DataFileKind) => isTranslated(kind.file ?? `${kind.folder ?? ""}/entry.yaml`)

  test("one file holds both languages (Decap's single_file structure), English the default", () => {
    expect(config.i18n).toEqual({ structure: "single_file", locales: ["en", "es"], default_locale: "en" })
  })

  test("every kind visitors read is translated, collection and file; the office's link pages and the glossary are not", () => {
    for (const kind of DATA_FILE_KINDS) {
      const expected = translatedKind(kind) ? true : undefined
      expect({ kind: kind.typeName, collection: collectionOf(kind).i18n, file: fileOf(kind)?.i18n }).toEqual({
        kind: kind.typeName,
        collection: expected,
        file: expected,
      })
    }
    expect(DATA_FILE_KINDS.filter((kind) => !translatedKind(kind)).map((kind) => kind.file)).toEqual([
      "glossary.yaml",
      "office-links.yaml",
    ])
  })

  /** Where a field's `i18n` differs from what the schema says: a text, or a block or list holding texts. */
  function i18nMismatches(
    schema: AnySchema,
    fields: readonly CmsField[],
    translated: boolean,
    at = "",
    typeKey?: string,
  ): string[] {
    return Object.entries(shapeOf(schema)).flatMap(([name, inner]) => {
      // A typed list's key (a pest section's `type`) is Decap's, not a field: never translated.
      if (name === typeKey) return []
      const field = fields.find((f) => f.name === name)
      if (!field) return [`${at}${name}: no editor field`]
      const expected = translated && hasTexts(inner)
      const own = (field.i18n === true) === expected ? [] : [`${at}${name}: i18n ${String(field.i18n)}`]
      const item = innerOf(inner)
      const itemFields = field.fields ?? field.types?.flatMap((t) => t.fields) ?? []
      const children =
        inner.type === "object"
          ? i18nMismatches(inner, field.fields ?? [], expected, `${at}${name}.`)
          : item?.type === "object"
            ? i18nMismatches(item, itemFields, expected, `${at}${name}[].`, field.typeKey)
            : item && field.field && (field.field.i18n === true) !== (expected && hasTexts(item))
              ? [`${at}${name}[]: i18n ${String(field.field.i18n)}`]
              : []
      return [...own, ...children]
    })
  }

  test.each(DATA_FILE_KINDS.map((kind) => [kind.typeName, kind] as const))(
    "%s: a field is translated (Decap's i18n: true) exactly when it holds a text to translate",
    (_name, kind) => {
      expect(i18nMismatches(kind.schema, fieldsOf(kind), translatedKind(kind))).toEqual([])
    },
  )

  test("an offer's name, title and quotes are translated; its key, city, price, hero and phone are written once", () => {
    const offer = fieldsOf(kindFor("offers"))
    for (const at of [
      ["offerName"],
      ["title"],
      ["metaDescription"],
      ["customTestimonials"],
      ["customTestimonials", "quote"],
    ])
      expect({ at, i18n: fieldAt(offer, ...at).i18n }).toEqual({ at, i18n: true })
    for (const at of [
      ["key"],
      ["city"],
      ["price"],
      ["couponCode"],
      ["heroVariant"],
      ["phone"],
      ["customTestimonials", "name"],
    ])
      expect({ at, i18n: fieldAt(offer, ...at).i18n }).toEqual({ at })
  })

  test("a pest's sections are translated entry by entry: their texts, not their icons, choices or switches", () => {
    const pest = fieldsOf(kindFor("pests"))
    expect(fieldAt(pest, "sections")).toMatchObject({ widget: "list", i18n: true })
    expect(fieldAt(pest, "sections").types?.every((type) => type.i18n)).toBe(true)
    for (const at of [
      ["sections", "heading"],
      ["sections", "species", "name"],
      ["card", "features"],
      ["image", "alt"],
    ])
      expect({ at, i18n: fieldAt(pest, ...at).i18n }).toEqual({ at, i18n: true })
    for (const at of [["urgency"], ["card", "icon"], ["menu"], ["image", "src"], ["sections", "species", "severity"]])
      expect({ at, i18n: fieldAt(pest, ...at).i18n }).toEqual({ at })
    // The office's own e-mails and alerts are English only, inside a translated file.
    const messages = fieldsOf(kindFor("lead-messages.yaml"))
    expect(fieldAt(messages, "companyEmail").i18n).toBeUndefined()
    expect(fieldAt(messages, "companyEmail", "consent", "heading").i18n).toBeUndefined()
    expect(fieldAt(messages, "responses", "contact").i18n).toBe(true)
  })

  test("the Spanish address of a pest page or a page is translated and set once, like the English one", () => {
    expect(fieldAt(fieldsOf(kindFor("pests")), "slug")).toMatchObject({ widget: SET_ONCE_WIDGET, i18n: true })
    const pages = fieldsOf(kindFor("pages"))
    expect(fieldAt(pages, "path")).toMatchObject({ widget: SET_ONCE_WIDGET, i18n: true })
    expect(fieldAt(pages, "template").i18n).toBeUndefined()
    expect(fieldAt(fieldsOf(kindFor("offers")), "key").i18n).toBeUndefined()
  })

  test("inside a translated list, a field that is not translated says so (Decap shows it on the Spanish side too)", () => {
    const offer = fieldsOf(kindFor("offers"))
    expect(fieldAt(offer, "customTestimonials", "name").hint).toBe(NOT_TRANSLATED_HINT)
    expect(fieldAt(offer, "customTestimonials", "quote").hint).not.toContain(NOT_TRANSLATED_HINT)
    // Outside a list Decap hides it on the Spanish side: no note.
    expect(fieldAt(offer, "price").hint).not.toContain(NOT_TRANSLATED_HINT)
  })

  test("the office's files have no translation setting at all", () => {
    for (const name of ["office-links.yaml", "glossary.yaml"]) {
      const kind = kindFor(name)
      expect(collectionOf(kind)).not.toHaveProperty("i18n")
      expect(JSON.stringify(fieldsOf(kind))).not.toContain('"i18n"')
    }
  })
})
