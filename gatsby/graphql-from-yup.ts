/**
 * Turns a Yup object schema into GraphQL SDL type definitions, so the
 * schema Gatsby builds is the same contract the build validates against.
 * Required fields become non-null; nested objects become named types, after
 * their place (PestYamlCard) or, for a shape several files share, by the name
 * its schema gives itself (`.meta({ graphqlName: "Testimonial" })`), so one
 * query fragment can select it wherever it appears.
 */
import type { AnyObject, ObjectSchema, SchemaDescription, SchemaFieldDescription, SchemaObjectDescription } from "yup"

const pascal = (name: string) => name.replace(/(^|[-_\s])(\w)/g, (_m, _sep: string, ch: string) => ch.toUpperCase())

const isObjectDescription = (d: SchemaFieldDescription): d is SchemaObjectDescription =>
  d.type === "object" && "fields" in d

const isRequired = (d: SchemaFieldDescription) => "optional" in d && !d.optional && !d.nullable

/** The GraphQL type a field names itself (`.meta({ graphqlType })`), e.g. `File @fileByRelativePath` for an image path. */
const declaredType = (d: SchemaFieldDescription): string | undefined => {
  const meta = (d as SchemaDescription).meta as { graphqlType?: unknown } | undefined
  return typeof meta?.graphqlType === "string" ? meta.graphqlType : undefined
}

export function graphqlTypeDefs(
  typeName: string,
  schema: ObjectSchema<AnyObject>,
  options: { node: boolean; stringDirective?: string; nodeFields?: readonly string[] },
): string[] {
  const definitions: string[] = []

  const typeOf = (d: SchemaFieldDescription, nameIfObject: string): string => {
    const declared = declaredType(d)
    if (declared !== undefined) return declared
    if (isObjectDescription(d)) {
      const shared = (d.meta as { graphqlName?: unknown } | undefined)?.graphqlName
      const name = typeof shared === "string" ? shared : nameIfObject
      addObjectType(name, d, false)
      return name
    }
    if (d.type === "array" && "innerType" in d && d.innerType && !Array.isArray(d.innerType)) {
      const inner = d.innerType
      return `[${typeOf(inner, nameIfObject)}${isRequired(inner) ? "!" : ""}]`
    }
    switch (d.type) {
      case "string":
        return "String"
      case "boolean":
        return "Boolean"
      case "number":
        return (d as SchemaDescription).tests.some((t) => t.name === "integer") ? "Int" : "Float"
      default:
        throw new Error(`${typeName}: no GraphQL type for a Yup "${d.type}" field`)
    }
  }

  /** A text field, or a list of texts, with no GraphQL type of its own (not an image path): it gets the text directive. */
  const isText = (d: SchemaFieldDescription): boolean => {
    if (declaredType(d) !== undefined) return false
    if (d.type === "string") return true
    return d.type === "array" && "innerType" in d && !!d.innerType && !Array.isArray(d.innerType) && isText(d.innerType)
  }

  const addObjectType = (name: string, d: SchemaObjectDescription, isNode: boolean) => {
    const fields = Object.entries(d.fields).map(([field, fd]) => {
      const type = typeOf(fd, `${name}${pascal(field)}`)
      // A directive must follow the nullability marker: `File! @fileByRelativePath`; a list's, the whole list.
      const [base, ...directives] = type.split(" ")
      const text = options.stringDirective && isText(fd) ? [`@${options.stringDirective}`] : []
      return `  ${field}: ${[`${base}${isRequired(fd) ? "!" : ""}`, ...directives, ...text].join(" ")}`
    })
    // A shape that spreads a shared set of fields says so (`.meta({ graphqlInterfaces })`): one fragment selects them.
    const shared = (d.meta as { graphqlInterfaces?: unknown } | undefined)?.graphqlInterfaces
    const interfaces = [...(isNode ? ["Node"] : []), ...(Array.isArray(shared) ? shared.map(String) : [])]
    const head = `type ${name}${interfaces.length > 0 ? ` implements ${interfaces.join(" & ")}` : ""} @dontInfer`
    const own = isNode ? (options.nodeFields ?? []).map((field) => `  ${field}`) : []
    definitions.push(`${head} {\n${[...fields, ...own].join("\n")}\n}`)
  }

  addObjectType(typeName, schema.describe(), options.node)
  return definitions
}

/**
 * The type definitions of several node types, each shared type once. Two
 * schemas giving one name to different shapes would make one of them lie, so
 * that fails, naming the type.
 */
export function graphqlSchemaDefs<K extends { typeName: string; schema: ObjectSchema<AnyObject> }>(
  kinds: readonly K[],
  { stringDirective, nodeFields }: { stringDirective?: string; nodeFields?: (kind: K) => readonly string[] } = {},
): string[] {
  const byName = new Map<string, string>()
  for (const kind of kinds)
    for (const definition of graphqlTypeDefs(kind.typeName, kind.schema, {
      node: true,
      stringDirective,
      nodeFields: nodeFields?.(kind),
    })) {
      const name = /^type (\w+)/.exec(definition)?.[1] ?? definition
      const known = byName.get(name)
      if (known !== undefined && known !== definition)
        throw new Error(`${kind.typeName}: the shared GraphQL type ${name} has another shape elsewhere`)
      byName.set(name, definition)
    }
  return [...byName.values()]
}
